package net.hostingapi.platform;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 written by hand over a socket, for requests no well-behaved client library sends:
 * malformed percent escapes and control characters in the request line, broken headers, bodies
 * that do not match their Content-Type. One request per connection ({@code Connection: close}).
 */
public final class RawHttp {

    /** An answer as it came off the wire; {@code status} is -1 when the server closed without one. */
    public record Answer(int status, String statusLine, Map<String, String> headers, byte[] body, long millis) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private RawHttp() {}

    /**
     * Sends {@code head} (request line and headers, each ending in CRLF, without the blank line)
     * and {@code body}; adds {@code Host}, {@code Connection: close} and, with a body,
     * {@code Content-Length} unless {@code head} has them.
     */
    public static Answer send(String host, int port, String head, byte[] body, int timeoutMillis) {
        StringBuilder request = new StringBuilder(head);
        String lower = head.toLowerCase(Locale.ROOT);
        if (body != null && !lower.contains("\r\ncontent-length:") && !lower.contains("\r\ntransfer-encoding:")) {
            request.append("Content-Length: ").append(body.length).append("\r\n");
        }
        request.append("\r\n");
        return exchange(host, port, request.toString(), body, timeoutMillis, false);
    }

    /**
     * Sends a whole request as written, each char one byte (ISO-8859-1, so any byte can be
     * sent): request line, headers, blank line, maybe a body. {@code Host} and
     * {@code Connection: close} are put after the request line unless the request has them. An
     * answer that does not come within the timeout is status -1.
     */
    public static Answer send(String host, int port, String request, int timeoutMillis) {
        return exchange(host, port, request, null, timeoutMillis, false);
    }

    /**
     * As {@link #send(String, int, String, int)}, then closes the sending side: a request whose
     * body is shorter than its Content-Length is answered at once instead of after the server's
     * read timeout.
     */
    public static Answer sendAndHalfClose(String host, int port, String request, int timeoutMillis) {
        return exchange(host, port, request, null, timeoutMillis, true);
    }

    private static Answer exchange(
            String host, int port, String request, byte[] body, int timeoutMillis, boolean halfClose) {
        int headEnd = request.indexOf("\r\n\r\n");
        String head = (headEnd < 0 ? request : request.substring(0, headEnd)).toLowerCase(Locale.ROOT);
        StringBuilder added = new StringBuilder();
        if (!head.contains("\r\nhost:")) {
            added.append("Host: ").append(host).append(':').append(port).append("\r\n");
        }
        if (!head.contains("\r\nconnection:")) {
            added.append("Connection: close\r\n");
        }
        int lineEnd = request.indexOf("\r\n");
        String full =
                lineEnd < 0 ? request : request.substring(0, lineEnd + 2) + added + request.substring(lineEnd + 2);
        long start = System.nanoTime();
        try (Socket socket = new Socket(host, port)) {
            socket.setSoTimeout(timeoutMillis);
            OutputStream out = socket.getOutputStream();
            out.write(full.getBytes(StandardCharsets.ISO_8859_1));
            if (body != null) {
                try {
                    out.write(body);
                } catch (IOException e) {
                    // the server may answer (413) and close before it has read all of a large body
                }
            }
            out.flush();
            if (halfClose) {
                socket.shutdownOutput();
            }
            byte[] raw = readAll(socket.getInputStream());
            return parse(raw, (System.nanoTime() - start) / 1_000_000);
        } catch (SocketTimeoutException e) {
            return new Answer(
                    -1,
                    "no answer within " + timeoutMillis + " ms to " + firstLine(full),
                    Map.of(),
                    new byte[0],
                    (System.nanoTime() - start) / 1_000_000);
        } catch (IOException e) {
            return new Answer(
                    -1, "closed: " + e.getMessage(), Map.of(), new byte[0], (System.nanoTime() - start) / 1_000_000);
        }
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[16384];
        try {
            for (int n; (n = in.read(buffer)) != -1; ) {
                bytes.write(buffer, 0, n);
            }
        } catch (java.net.SocketException e) {
            // a reset after the answer was sent: keep what arrived
        }
        return bytes.toByteArray();
    }

    private static Answer parse(byte[] raw, long millis) {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int headEnd = text.indexOf("\r\n\r\n");
        if (text.isEmpty() || headEnd < 0) {
            return new Answer(-1, text.isEmpty() ? "closed without an answer" : text, Map.of(), new byte[0], millis);
        }
        String[] lines = text.substring(0, headEnd).split("\r\n");
        String[] statusParts = lines[0].split(" ", 3);
        int status = statusParts.length > 1 && statusParts[1].matches("\\d{3}") ? Integer.parseInt(statusParts[1]) : -1;
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(
                        lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
        }
        byte[] body = java.util.Arrays.copyOfRange(raw, headEnd + 4, raw.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = dechunk(body);
        }
        return new Answer(status, lines[0], headers, body, millis);
    }

    private static byte[] dechunk(byte[] chunked) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        while (i < chunked.length) {
            int lineEnd = indexOfCrlf(chunked, i);
            if (lineEnd < 0) {
                break;
            }
            String sizeText = new String(chunked, i, lineEnd - i, StandardCharsets.ISO_8859_1).split(";")[0].trim();
            int size;
            try {
                size = Integer.parseInt(sizeText, 16);
            } catch (NumberFormatException e) {
                break;
            }
            if (size == 0) {
                break;
            }
            int start = lineEnd + 2;
            out.write(chunked, start, Math.min(size, chunked.length - start));
            i = start + size + 2;
        }
        return out.toByteArray();
    }

    private static int indexOfCrlf(byte[] bytes, int from) {
        for (int i = from; i + 1 < bytes.length; i++) {
            if (bytes[i] == '\r' && bytes[i + 1] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static String firstLine(String head) {
        int end = head.indexOf("\r\n");
        return end < 0 ? head : head.substring(0, end);
    }
}
