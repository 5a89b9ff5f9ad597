package net.hostingapi.platform.edge.boundary;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletMapping;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The methods a servlet outside the API takes, for the 405 that {@code EdgeFilter} answers in its
 * place. A servlet answers a method it does not know with 501 ({@code HttpServlet}: PATCH, WebDAV's,
 * anything made up) and one it does not implement with 405 without {@code Allow}; the error page
 * made the 501 a 500. RFC 9110 wants 405 with {@code Allow}, as JAX-RS answers under /api/v1.
 * <p>
 * The list is what the servlet itself answers to OPTIONS (a named include with the method
 * replaced, whose output goes nowhere), without TRACE, which {@code EdgeFilter} refuses outside
 * the API; {@value #FALLBACK} where the servlet names none.
 */
final class AllowedMethods {

    static final String FALLBACK = "GET, HEAD";

    private AllowedMethods() {}

    /** {@code allow} without TRACE, or null when nothing is left. */
    static String withoutTrace(String allow) {
        if (allow == null) {
            return null;
        }
        String kept = Arrays.stream(allow.split(","))
                .map(String::trim)
                .filter(m -> !m.isEmpty() && !m.equalsIgnoreCase("TRACE"))
                .collect(Collectors.joining(", "));
        return kept.isEmpty() ? null : kept;
    }

    /** What the request's servlet answers to OPTIONS in {@code Allow}, without TRACE. */
    static String of(HttpServletRequest request, HttpServletResponse response) {
        HttpServletMapping mapping = request.getHttpServletMapping();
        String name = mapping == null ? null : mapping.getServletName();
        RequestDispatcher servlet = name == null || name.isEmpty()
                // Payara names no servlet for the context root's mapping: the path finds it
                ? request.getServletContext().getRequestDispatcher(pathOf(request))
                : request.getServletContext().getNamedDispatcher(name);
        if (servlet == null) {
            return FALLBACK;
        }
        Probe probe = new Probe(response);
        try {
            servlet.include(
                    new HttpServletRequestWrapper(request) {
                        @Override
                        public String getMethod() {
                            return "OPTIONS";
                        }
                    },
                    probe);
        } catch (ServletException | IOException | RuntimeException e) {
            return FALLBACK;
        }

        String allow = probe.status < 400 ? withoutTrace(probe.allow) : null;
        return allow == null ? FALLBACK : allow;
    }

    private static String pathOf(HttpServletRequest request) {
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        return path.isEmpty() ? "/" : path;
    }

    /**
     * The response of a request outside the API, as its servlet sees it: a 405 or 501 it sends is
     * kept back for {@code EdgeFilter} to answer, and TRACE is left out of the {@code Allow} it sets.
     */
    static final class Refusals extends HttpServletResponseWrapper {

        private boolean refused;

        Refusals(HttpServletResponse response) {
            super(response);
        }

        /** Whether the servlet refused the request's method (405 or 501), leaving the answer unwritten. */
        boolean methodRefused() {
            return refused;
        }

        @Override
        public void sendError(int status) throws IOException {
            sendError(status, null);
        }

        @Override
        public void sendError(int status, String message) throws IOException {
            if ((status == SC_METHOD_NOT_ALLOWED || status == SC_NOT_IMPLEMENTED) && !isCommitted()) {
                refused = true;
                return;
            }
            if (message == null) {
                super.sendError(status);
            } else {
                super.sendError(status, message);
            }
        }

        @Override
        public void setHeader(String name, String value) {
            if ("Allow".equalsIgnoreCase(name)) {
                value = withoutTrace(value);
                if (value == null) {
                    return;
                }
            }
            super.setHeader(name, value);
        }

        @Override
        public void addHeader(String name, String value) {
            if ("Allow".equalsIgnoreCase(name)) {
                value = withoutTrace(value);
                if (value == null) {
                    return;
                }
            }
            super.addHeader(name, value);
        }
    }

    /** The response of the OPTIONS include: keeps the status and {@code Allow}, writes nothing. */
    private static final class Probe extends HttpServletResponseWrapper {

        String allow;
        int status = SC_OK;

        Probe(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void setHeader(String name, String value) {
            if ("Allow".equalsIgnoreCase(name)) {
                allow = value;
            }
        }

        @Override
        public void addHeader(String name, String value) {
            if ("Allow".equalsIgnoreCase(name)) {
                allow = allow == null ? value : allow + ", " + value;
            }
        }

        @Override
        public void setIntHeader(String name, int value) {}

        @Override
        public void addIntHeader(String name, int value) {}

        @Override
        public void setDateHeader(String name, long date) {}

        @Override
        public void addDateHeader(String name, long date) {}

        @Override
        public void setStatus(int status) {
            this.status = status;
        }

        @Override
        public void sendError(int status) {
            this.status = status;
        }

        @Override
        public void sendError(int status, String message) {
            this.status = status;
        }

        @Override
        public void sendRedirect(String location) {
            this.status = SC_FOUND;
        }

        @Override
        public void setContentType(String type) {}

        @Override
        public void setContentLength(int length) {}

        @Override
        public void setContentLengthLong(long length) {}

        @Override
        public void setCharacterEncoding(String charset) {}

        @Override
        public void flushBuffer() {}

        @Override
        public void reset() {}

        @Override
        public void resetBuffer() {}

        @Override
        public ServletOutputStream getOutputStream() {
            return new ServletOutputStream() {
                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {}

                @Override
                public void write(int b) {}

                @Override
                public void write(byte[] b, int off, int len) {}
            };
        }

        @Override
        public PrintWriter getWriter() {
            return new PrintWriter(Writer.nullWriter());
        }
    }
}
