package net.hostingapi.dnsupdate.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.inject.Inject;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.xbill.DNS.Rcode;

/**
 * Listens for DNS messages on UDP and TCP at {@code DNS_UPDATE_ADDRESS}:{@code DNS_UPDATE_PORT}
 * (none without the address) and answers each with {@link DnsExchange}. Bounded everywhere, so a
 * flood costs the HTTP API little: a few handler threads with a queue that drops what overflows it,
 * at most {@value #TCP_CONNECTIONS} TCP connections, each closed after {@value #TCP_IDLE_MILLIS} ms
 * without a message or after {@value #TCP_MESSAGES} messages, and an answer within
 * {@value #ANSWER_MILLIS} ms: SERVFAIL when the database does not answer in time.
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class DnsListener {

    private static final Logger LOG = Logger.getLogger(DnsListener.class.getName());

    static final int HANDLERS = 4;
    static final int QUEUE = 256;
    static final int TCP_CONNECTIONS = 32;
    static final int TCP_IDLE_MILLIS = 10_000;
    static final int TCP_MESSAGES = 1_000;
    static final long ANSWER_MILLIS = 2_500;

    @Inject
    @ConfigProperty(name = "DNS_UPDATE_ADDRESS")
    Optional<String> address;

    @Inject
    @ConfigProperty(name = "DNS_UPDATE_PORT", defaultValue = "53")
    String portSetting; // read as text: a value that is no port must not keep the HTTP API from starting

    private int port;

    @Resource
    ManagedThreadFactory threads;

    @Inject
    DnsExchange exchange;

    private DatagramSocket udp;
    private ServerSocket tcp;
    private ThreadPoolExecutor handlers;
    private final Semaphore connections = new Semaphore(TCP_CONNECTIONS);
    private volatile boolean open;

    @PostConstruct
    void start() {
        if (address.isEmpty() || address.get().isBlank()) {
            return;
        }
        try {
            port = Integer.parseInt(portSetting.strip());
            if (port < 1 || port > 65535) {
                throw new NumberFormatException("not 1 to 65535");
            }
        } catch (NumberFormatException e) {
            LOG.severe("DNS_UPDATE_PORT is " + portSetting + ": give a port, 1 to 65535; the HTTP API runs without"
                    + " the DNS listener");
            return;
        }
        try {
            InetSocketAddress at =
                    new InetSocketAddress(InetAddress.getByName(address.get().strip()), port);
            udp = new DatagramSocket(at);
            tcp = new ServerSocket();
            tcp.setReuseAddress(true);
            tcp.bind(at, 64);
        } catch (IOException e) {
            LOG.log(
                    Level.SEVERE,
                    "The DNS listener could not listen on " + address.get() + " port " + port
                            + " (DNS_UPDATE_ADDRESS, DNS_UPDATE_PORT): " + e + "; the HTTP API runs without it");
            close();
            return;
        }
        handlers = new ThreadPoolExecutor(
                HANDLERS,
                HANDLERS,
                0,
                TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(QUEUE),
                work -> named(threads.newThread(work), "dns-handler"),
                new ThreadPoolExecutor.AbortPolicy());
        open = true;
        named(threads.newThread(this::receiveUdp), "dns-udp").start();
        named(threads.newThread(this::acceptTcp), "dns-tcp").start();
        LOG.info("DNS UPDATE listener on " + address.get().strip() + " port " + port + " (UDP and TCP)");
    }

    @PreDestroy
    void stop() {
        open = false;
        close();
        if (handlers != null) {
            handlers.shutdownNow();
        }
    }

    private void close() {
        if (udp != null) {
            udp.close();
        }
        if (tcp != null) {
            try {
                tcp.close();
            } catch (IOException ignored) {
                // closing
            }
        }
    }

    private void receiveUdp() {
        byte[] buffer = new byte[65_535];
        while (open) {
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            try {
                udp.receive(packet);
            } catch (IOException e) {
                if (open) {
                    LOG.warning("DNS listener, UDP: " + e);
                }
                continue;
            }
            byte[] message = Arrays.copyOf(packet.getData(), packet.getLength());
            InetAddress from = packet.getAddress();
            int fromPort = packet.getPort();
            try {
                answered(message, from, false).thenAccept(answer -> {
                    if (answer != null) {
                        try {
                            udp.send(new DatagramPacket(answer, answer.length, from, fromPort));
                        } catch (IOException e) {
                            LOG.fine("DNS listener, UDP answer: " + e);
                        }
                    }
                });
            } catch (RejectedExecutionException e) {
                // the queue is full: dropped, as a nameserver under load drops (the client retries)
            }
        }
    }

    /** The answer, or SERVFAIL (header only) once {@value #ANSWER_MILLIS} ms have passed without one. */
    private CompletableFuture<byte[]> answered(byte[] message, InetAddress from, boolean stream) {
        byte[] late = DnsExchange.servfail(message);
        return CompletableFuture.supplyAsync(() -> answer(message, from, stream), handlers)
                .completeOnTimeout(late, ANSWER_MILLIS, TimeUnit.MILLISECONDS);
    }

    private byte[] answer(byte[] message, InetAddress from, boolean stream) {
        try {
            return exchange.answer(message, from.getHostAddress(), stream);
        } catch (RuntimeException e) {
            // the database is down, or something else failed: the client learns, nothing was applied
            LOG.warning("DNS listener: " + e);
            return DnsExchange.servfail(message);
        }
    }

    private void acceptTcp() {
        while (open) {
            Socket connection;
            try {
                connection = tcp.accept();
            } catch (IOException e) {
                if (open) {
                    LOG.warning("DNS listener, TCP: " + e);
                }
                continue;
            }
            if (!connections.tryAcquire()) {
                closeQuietly(connection); // at the bound: the client may retry
                continue;
            }
            try {
                named(
                                threads.newThread(() -> {
                                    try {
                                        serve(connection);
                                    } finally {
                                        connections.release();
                                        closeQuietly(connection);
                                    }
                                }),
                                "dns-tcp-connection")
                        .start();
            } catch (RuntimeException e) {
                connections.release();
                closeQuietly(connection);
            }
        }
    }

    /** RFC 1035 4.2.2: each message after its two-byte length; the connection stays open for more. */
    private void serve(Socket connection) {
        try {
            connection.setSoTimeout(TCP_IDLE_MILLIS);
            DataInputStream in = new DataInputStream(connection.getInputStream());
            DataOutputStream out = new DataOutputStream(connection.getOutputStream());
            for (int i = 0; i < TCP_MESSAGES && open; i++) {
                int length;
                try {
                    length = in.readUnsignedShort();
                } catch (EOFException e) {
                    return;
                }
                byte[] message = new byte[length];
                in.readFully(message);
                byte[] answer;
                try {
                    answer =
                            answered(message, connection.getInetAddress(), true).get();
                } catch (RejectedExecutionException e) {
                    answer = length >= 12 ? DnsExchange.headerOnly(message, Rcode.SERVFAIL) : null;
                }
                if (answer == null) {
                    return;
                }
                out.writeShort(answer.length);
                out.write(answer);
                out.flush();
            }
        } catch (SocketException | java.net.SocketTimeoutException | EOFException e) {
            // closed, idle too long or cut off mid-message
        } catch (IOException | java.util.concurrent.ExecutionException e) {
            LOG.fine("DNS listener, TCP connection: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Threads named for what they do: thread dumps and the benchmark's CPU per thread tell them apart. */
    private static Thread named(Thread thread, String name) {
        thread.setName(name + "-" + thread.getId());
        return thread;
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing
        }
    }
}
