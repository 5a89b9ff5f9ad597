package net.hostingapi.panel.boundary;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.WriteListener;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * The panel's static files (HTML, CSS, JavaScript modules under {@code /app/}) gzip-compressed for
 * a browser that accepts gzip: the container's default servlet sends them as they are (its
 * listener's compression is off, and switching it on would compress the API's answers too). The
 * default servlet still answers (type, ETag, 304); its whole answer is kept here, then sent
 * compressed or as it was. Every answer says {@code Vary: Accept-Encoding}, for caches.
 */
@WebFilter(urlPatterns = "/app/*")
public class PanelCompression implements Filter {

    /** Below this a gzip header and trailer cost about what compression saves. */
    static final int SMALLEST = 256;

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        HttpServletResponse httpResponse = (HttpServletResponse) response;
        httpResponse.addHeader("Vary", "Accept-Encoding");
        if (!"GET".equals(http.getMethod()) || !acceptsGzip(http.getHeader("Accept-Encoding"))) {
            chain.doFilter(request, response);
            return;
        }
        Buffered buffered = new Buffered(httpResponse);
        // A range of the compressed answer is not a range of the file: the whole file, compressed.
        chain.doFilter(new WithoutRange(http), buffered);
        buffered.finish();
    }

    /**
     * Whether an {@code Accept-Encoding} header accepts gzip (RFC 9110 section 12.5.3): named, or
     * {@code *} without gzip named, with a weight above zero.
     */
    static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        Boolean gzip = null;
        Boolean any = null;
        for (String part : acceptEncoding.split(",")) {
            String[] pieces = part.split(";");
            String coding = pieces[0].trim().toLowerCase(Locale.ROOT);
            boolean accepted = weight(pieces) > 0;
            if (coding.equals("gzip") || coding.equals("x-gzip")) {
                gzip = accepted;
            } else if (coding.equals("*")) {
                any = accepted;
            }
        }
        return gzip != null ? gzip : any != null && any;
    }

    private static double weight(String[] pieces) {
        for (int i = 1; i < pieces.length; i++) {
            String parameter = pieces[i].trim();
            if (parameter.length() > 2 && parameter.substring(0, 2).equalsIgnoreCase("q=")) {
                try {
                    return Double.parseDouble(parameter.substring(2).trim());
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 1;
    }

    /** Whether a body of this type gains from compression (text; images and archives are compressed already). */
    static boolean compressible(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.toLowerCase(Locale.ROOT);
        return type.startsWith("text/")
                || type.contains("javascript")
                || type.contains("json")
                || type.contains("xml")
                || type.startsWith("image/svg");
    }

    private static final class WithoutRange extends HttpServletRequestWrapper {

        WithoutRange(HttpServletRequest request) {
            super(request);
        }

        @Override
        public String getHeader(String name) {
            return isRange(name) ? null : super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return isRange(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
        }

        private static boolean isRange(String name) {
            return "Range".equalsIgnoreCase(name) || "If-Range".equalsIgnoreCase(name);
        }
    }

    /** The answer kept in memory (the panel's files are a few kilobytes each) until the chain is done. */
    private static final class Buffered extends HttpServletResponseWrapper {

        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private ServletOutputStream stream;
        private PrintWriter writer;
        private long declaredLength = -1;
        private boolean passedOn;

        Buffered(HttpServletResponse response) {
            super(response);
        }

        @Override
        public ServletOutputStream getOutputStream() {
            if (stream == null) {
                stream = new ServletOutputStream() {
                    @Override
                    public void write(int b) {
                        body.write(b);
                    }

                    @Override
                    public void write(byte[] b, int off, int len) {
                        body.write(b, off, len);
                    }

                    @Override
                    public boolean isReady() {
                        return true;
                    }

                    @Override
                    public void setWriteListener(WriteListener listener) {
                        throw new UnsupportedOperationException("not asynchronous");
                    }
                };
            }
            return stream;
        }

        @Override
        public PrintWriter getWriter() {
            if (writer == null) {
                String encoding = getCharacterEncoding();
                Charset charset = encoding == null ? StandardCharsets.ISO_8859_1 : Charset.forName(encoding);
                writer = new PrintWriter(new OutputStreamWriter(getOutputStream(), charset));
            }
            return writer;
        }

        @Override
        public void setContentLength(int length) {
            declaredLength = length;
        }

        @Override
        public void setContentLengthLong(long length) {
            declaredLength = length;
        }

        @Override
        public void setHeader(String name, String value) {
            if ("Content-Length".equalsIgnoreCase(name)) {
                declaredLength = value == null ? -1 : Long.parseLong(value.trim());
            } else {
                super.setHeader(name, value);
            }
        }

        @Override
        public void addHeader(String name, String value) {
            if ("Content-Length".equalsIgnoreCase(name)) {
                setHeader(name, value);
            } else {
                super.addHeader(name, value);
            }
        }

        @Override
        public void flushBuffer() {
            // Nothing leaves before finish(): the answer's encoding is decided there.
        }

        @Override
        public void resetBuffer() {
            super.resetBuffer();
            body.reset();
        }

        @Override
        public void reset() {
            super.reset();
            body.reset();
            declaredLength = -1;
        }

        @Override
        public void sendError(int status, String message) throws IOException {
            passedOn = true;
            super.sendError(status, message);
        }

        @Override
        public void sendError(int status) throws IOException {
            passedOn = true;
            super.sendError(status);
        }

        @Override
        public void sendRedirect(String location) throws IOException {
            passedOn = true;
            super.sendRedirect(location);
        }

        /** Sends what the chain wrote: compressed when it is text of some size in a 200, else as it was. */
        void finish() throws IOException {
            if (writer != null) {
                writer.flush();
            }
            if (passedOn || isCommitted()) {
                return;
            }
            HttpServletResponse response = (HttpServletResponse) getResponse();
            byte[] bytes = body.toByteArray();
            if (getStatus() == HttpServletResponse.SC_OK
                    && bytes.length >= SMALLEST
                    && compressible(getContentType())
                    && !containsHeader("Content-Encoding")) {
                ByteArrayOutputStream compressed = new ByteArrayOutputStream(bytes.length / 3 + 64);
                try (GZIPOutputStream gzip = new GZIPOutputStream(compressed)) {
                    gzip.write(bytes);
                }
                response.setHeader("Content-Encoding", "gzip");
                response.setContentLength(compressed.size());
                compressed.writeTo(response.getOutputStream());
                return;
            }
            if (bytes.length > 0) {
                response.setContentLength(bytes.length);
                response.getOutputStream().write(bytes);
            } else if (declaredLength >= 0) {
                response.setContentLengthLong(declaredLength);
            }
        }
    }
}
