package net.hostingapi.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets a process listens on, as {@code ss -ltnp} shows them: its socket inodes from
 * /proc/PID/fd, matched against the LISTEN entries of /proc/net/tcp and tcp6. Linux only, and
 * the process must be ours (or we root) to read its fd directory.
 */
final class ListeningSockets {

    /** One listening socket: the address it is bound to ("0.0.0.0", "::", "127.0.0.1") and its port. */
    record Listener(String address, int port) {
        @Override
        public String toString() {
            return (address.contains(":") ? "[" + address + "]" : address) + ":" + port;
        }
    }

    private ListeningSockets() {}

    static List<Listener> of(long pid) {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // an fd closed while we listed them is no listener
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the sockets of process " + pid, e);
        }
        List<Listener> listeners = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            List<String> lines;
            try {
                lines = Files.readAllLines(Path.of(table));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                // f[1] local address hex:port, f[3] state (0A = LISTEN), f[9] inode
                if (f[3].equals("0A") && inodes.contains(f[9])) {
                    String[] local = f[1].split(":");
                    listeners.add(new Listener(address(local[0]), Integer.parseInt(local[1], 16)));
                }
            }
        }
        return listeners;
    }

    /** /proc/net/tcp* hold the address as 32-bit words in host (little-endian) order. */
    private static String address(String hex) {
        byte[] bytes = new byte[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int i = 0; i < 4; i++) {
                int at = word * 8 + (3 - i) * 2;
                bytes[word * 4 + i] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        try {
            return InetAddress.getByAddress(bytes).getHostAddress().replace("0:0:0:0:0:0:0:0", "::");
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first process below {@code parent} whose command line contains {@code part}. */
    static ProcessHandle descendant(ProcessHandle parent, String part) {
        return parent.descendants()
                .filter(p -> p.info().commandLine().orElse("").contains(part)
                        || p.info()
                                .arguments()
                                .map(a -> String.join(" ", a).contains(part))
                                .orElse(false))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no process below " + parent.pid() + " runs with " + part));
    }
}
