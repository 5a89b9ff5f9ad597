package net.hostingapi.support;

import jakarta.json.JsonObject;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.ThreadLocalRandom;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Opcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.TSIG;
import org.xbill.DNS.TextParseException;

/**
 * Sends DNS messages to the service's DNS listener (127.0.0.1, {@code test.dns.update.port} unless
 * told another port) over UDP or TCP, signed with a token's TSIG key as {@code tokens/create}
 * answered it, and verifies the answers' signatures with it.
 */
public final class DnsUpdateClient {

    private final TSIG key;
    private final String keyName;
    private final Name algorithm;
    private final byte[] secret;
    private final boolean tcp;
    private final int port;
    /** The UDP sender's address (another loopback address, counted on its own), or null: any. */
    private final InetAddress source;

    private DnsUpdateClient(
            TSIG key, String keyName, Name algorithm, byte[] secret, boolean tcp, int port, InetAddress source) {
        this.key = key;
        this.keyName = keyName;
        this.algorithm = algorithm;
        this.secret = secret;
        this.tcp = tcp;
        this.port = port;
        this.source = source;
    }

    /** The client of a token's key ({@code data.token} of tokens/create, with its {@code tsig}). */
    public static DnsUpdateClient of(JsonObject token) {
        return of(token, port());
    }

    /** The client of a token's key, for a listener on {@code port} (a service of a test's own). */
    public static DnsUpdateClient of(JsonObject token, int port) {
        JsonObject tsig = token.getJsonObject("tsig");
        Name algorithm = TSIG.algorithmToName(tsig.getString("algorithm"));
        byte[] secret = Base64.getDecoder().decode(tsig.getString("secret"));
        return new DnsUpdateClient(
                new TSIG(algorithm, name(tsig.getString("name")), secret),
                tsig.getString("name"),
                algorithm,
                secret,
                false,
                port,
                null);
    }

    public static int port() {
        return Integer.parseInt(System.getProperty("test.dns.update.port"));
    }

    public String keyName() {
        return keyName;
    }

    public DnsUpdateClient withKey(TSIG other) {
        return new DnsUpdateClient(other, keyName, algorithm, secret, tcp, port, source);
    }

    /** Signs with a clock that is {@code offset} ahead. */
    public DnsUpdateClient atClockOffset(Duration offset) {
        TSIG skewed = new TSIG(
                algorithm,
                name(keyName),
                new javax.crypto.spec.SecretKeySpec(secret, "HmacSHA256"),
                Clock.offset(Clock.system(ZoneOffset.UTC), offset));
        return new DnsUpdateClient(skewed, keyName, algorithm, secret, tcp, port, source);
    }

    public DnsUpdateClient overTcp() {
        return new DnsUpdateClient(key, keyName, algorithm, secret, true, port, source);
    }

    /** Sends its datagrams from {@code address} (a loopback address), not from any. */
    public DnsUpdateClient from(InetAddress address) {
        return new DnsUpdateClient(key, keyName, algorithm, secret, tcp, port, address);
    }

    /** A copy of {@code unsigned} with a new id, signed with the key; not sent. */
    public Message sign(Message unsigned) {
        Message message = unsigned.clone(); // the caller's message may be sent again, with another key
        message.getHeader().setID(ThreadLocalRandom.current().nextInt(65_536));
        key.apply(message, null);
        return message;
    }

    /** The rcode of checking {@code answer}'s signature ({@code wire}, its bytes) as the answer to {@code request}. */
    public int verify(Message answer, byte[] wire, Message request) {
        return key.verify(answer, wire, request.getTSIG());
    }

    /** Sends {@code message} signed; the answer, its signature verified where it carries one. */
    public Message send(Message unsigned) throws IOException {
        Message answer = sendOrNull(unsigned);
        if (answer == null) {
            throw new IOException("no answer within 5 s");
        }
        return answer;
    }

    /** As {@link #send}, or null when nothing is answered within 5 s. */
    public Message sendOrNull(Message unsigned) throws IOException {
        Message message = sign(unsigned);
        byte[] answer = rawOrNull(message.toWire());
        if (answer == null) {
            return null;
        }
        Message parsed = new Message(answer);
        if (parsed.getTSIG() != null && parsed.getTSIG().getSignature().length > 0) {
            verify(parsed, answer, message);
        }
        return parsed;
    }

    public Message sendUnsigned(Message message) throws IOException {
        return new Message(raw(message.toWire()));
    }

    /** A QUERY for {@code name}'s {@code type}, recursion not desired, as a client asks the listener. */
    public static Message newQuery(Name name, int type) {
        Message query = Message.newQuery(Record.newRecord(name, type, DClass.IN));
        query.getHeader().unsetFlag(Flags.RD);
        query.getHeader().setOpcode(Opcode.QUERY);
        return query;
    }

    /** A signed QUERY for {@code name}'s {@code type}. */
    public Message query(Name name, int type) throws IOException {
        return send(newQuery(name, type));
    }

    /** The bytes answered to {@code wire}; fails when nothing is answered within 5 s. */
    public byte[] raw(byte[] wire) throws IOException {
        byte[] answer = rawOrNull(wire);
        if (answer == null) {
            throw new IOException("no answer within 5 s");
        }
        return answer;
    }

    /** The bytes answered to {@code wire}, or null when nothing is answered within 5 s. */
    public byte[] rawOrNull(byte[] wire) throws IOException {
        if (tcp) {
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                socket.setSoTimeout(5_000);
                DataOutputStream out = new DataOutputStream(socket.getOutputStream());
                out.writeShort(wire.length);
                out.write(wire);
                out.flush();
                DataInputStream in = new DataInputStream(socket.getInputStream());
                byte[] answer = new byte[in.readUnsignedShort()];
                in.readFully(answer);
                return answer;
            } catch (SocketTimeoutException | java.io.EOFException e) {
                return null;
            }
        }
        try (DatagramSocket socket = source == null ? new DatagramSocket() : new DatagramSocket(0, source)) {
            socket.setSoTimeout(5_000);
            socket.send(new DatagramPacket(wire, wire.length, InetAddress.getLoopbackAddress(), port));
            byte[] buffer = new byte[65_535];
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            try {
                socket.receive(packet);
            } catch (SocketTimeoutException e) {
                return null;
            }
            return Arrays.copyOf(packet.getData(), packet.getLength());
        }
    }

    public static Name name(String text) {
        try {
            return Name.fromString(text.endsWith(".") ? text : text + ".");
        } catch (TextParseException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
