package net.hostingapi.idempotency.boundary;

import jakarta.annotation.Priority;
import jakarta.ejb.EJB;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import net.hostingapi.idempotency.control.IdempotencyKey;
import net.hostingapi.idempotency.control.IdempotencyKeys;
import net.hostingapi.idempotency.control.KeyedRequest;

/**
 * Keeps the answer of a keyed request whose change committed, as it is sent: status, the headers
 * a client acts on, and the body's bytes (the whole envelope). Runs after the envelope is made
 * (the lowest priority of the response filters) and while it is written. A request whose change
 * did not commit (refused, failed, rolled back) leaves no key behind: its retry is a new request.
 */
@Provider
@Priority(0)
public class KeyedAnswers implements ContainerResponseFilter, WriterInterceptor {

    /** The request property holding the key this instance claimed for the request ({@link InFlightKeys}). */
    static final String CLAIMED = KeyedAnswers.class.getName() + ".claimed";

    private static final String STATUS = KeyedAnswers.class.getName() + ".status";

    /** The headers kept with an answer; the rest (request id, dates, lengths) belong to each sending. */
    private static final List<String> KEPT_HEADERS = List.of("Content-Type", "ETag", "Location", "Warning");

    /** An answer larger than a MEDIUMBLOB is not kept: a retry learns it was carried out ({@link KeyedReplies}). */
    private static final int MOST_BYTES = (1 << 24) - 1;

    private static final Logger LOG = Logger.getLogger(KeyedAnswers.class.getName());

    @Inject
    KeyedRequest keyed;

    @Inject
    InFlightKeys inFlight;

    @EJB
    IdempotencyKeys keys;

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        IdempotencyKey claimed = (IdempotencyKey) request.getProperty(CLAIMED);
        if (claimed == null) {
            return;
        }
        if (!keyed.spent()) {
            inFlight.release(claimed); // nothing committed with the key: nothing to keep
            return;
        }
        if (response.hasEntity()) {
            // kept as it is written (aroundWriteTo), which releases the key then
            request.setProperty(STATUS, new Sent(claimed, response.getStatus(), headers(response)));
            return;
        }
        try {
            store(claimed, response.getStatus(), headers(response), new byte[0]);
        } finally {
            inFlight.release(claimed);
        }
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        Sent sent = (Sent) context.getProperty(STATUS);
        if (sent == null) {
            context.proceed();
            return;
        }
        Copy copy = new Copy(context.getOutputStream());
        context.setOutputStream(copy);
        try {
            context.proceed();
        } finally {
            try {
                store(sent.key(), sent.status(), sent.headers(), copy.bytes());
            } finally {
                inFlight.release(sent.key());
            }
        }
    }

    private record Sent(IdempotencyKey key, int status, String headers) {}

    private void store(IdempotencyKey key, int status, String headers, byte[] body) {
        try {
            keys.answered(key, status, headers, body);
        } catch (RuntimeException e) {
            // the change is stored with its key; a retry is told so without the answer (KeyedReplies)
            LOG.log(Level.WARNING, "The answer of " + key + " could not be kept", e);
        }
    }

    private static String headers(ContainerResponseContext response) {
        StringBuilder kept = new StringBuilder();
        for (String name : KEPT_HEADERS) {
            String value = response.getHeaderString(name);
            if (value != null && !value.isEmpty()) {
                kept.append(name).append(": ").append(value).append('\n');
            }
        }
        return kept.toString();
    }

    /** The bytes written, as they pass on to the client; null past {@link #MOST_BYTES}. */
    private static final class Copy extends FilterOutputStream {
        private ByteArrayOutputStream bytes = new ByteArrayOutputStream(4096);

        Copy(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            keep(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            keep(b, off, len);
        }

        private void keep(byte[] b, int off, int len) {
            if (bytes != null && bytes.size() + len <= MOST_BYTES) {
                bytes.write(b, off, len);
            } else {
                bytes = null;
            }
        }

        byte[] bytes() {
            return bytes == null ? null : bytes.toByteArray();
        }
    }
}
