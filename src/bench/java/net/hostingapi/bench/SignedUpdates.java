package net.hostingapi.bench;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import org.xbill.DNS.Message;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.TSIG;

/**
 * One load client's RFC 2136 UPDATEs over UDP to one server on loopback, signed with a TSIG key,
 * as nsupdate sends them: a socket of its own per client (no shared selector between the clients
 * and the server), one message in flight, and the answer's signature verified before its RCODE
 * counts.
 */
final class SignedUpdates implements AutoCloseable {

    /** How long an answer is waited for; nothing is sent again (a lost message is a failed call). */
    private static final int TIMEOUT_MILLIS = 5_000;

    /** Answers to earlier, timed-out messages that may still arrive before the awaited one. */
    private static final int STRAY_ANSWERS = 16;

    private final DatagramSocket socket;
    private final TSIG key;
    private final byte[] buffer = new byte[65_535];

    SignedUpdates(int port, TSIG key) throws IOException {
        this.key = key;
        socket = new DatagramSocket();
        socket.connect(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(TIMEOUT_MILLIS);
    }

    /**
     * Signs and sends {@code message} (which gains its id and TSIG record) and answers the RCODE
     * of its answer; an IOException when nothing is answered in time or the answer's signature
     * does not verify.
     */
    int send(Message message) throws IOException {
        int id = ThreadLocalRandom.current().nextInt(0x10000);
        message.getHeader().setID(id);
        key.apply(message, null);
        byte[] wire = message.toWire();
        socket.send(new DatagramPacket(wire, wire.length));
        for (int stray = 0; stray <= STRAY_ANSWERS; stray++) {
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            socket.receive(packet); // SocketTimeoutException: no answer
            if (packet.getLength() < 12 || ((buffer[0] & 0xff) << 8 | (buffer[1] & 0xff)) != id) {
                continue;
            }
            byte[] bytes = Arrays.copyOf(buffer, packet.getLength());
            Message answer = new Message(bytes);
            if (answer.getTSIG() == null) {
                if (answer.getRcode() == Rcode.NOERROR) {
                    throw new IOException("an unsigned NOERROR answer");
                }
                return answer.getRcode(); // REFUSED and the like come unsigned from either server
            }
            int verified = key.verify(answer, bytes, message.getTSIG());
            if (verified != Rcode.NOERROR) {
                throw new IOException("the answer's signature: " + Rcode.TSIGstring(verified));
            }
            return answer.getRcode();
        }
        throw new IOException("only answers to other messages arrived");
    }

    @Override
    public void close() {
        socket.close();
    }
}
