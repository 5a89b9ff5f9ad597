package net.hostingapi.platform.requests.boundary;

import jakarta.servlet.http.HttpServletRequest;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/** The server transaction id of a request: a fresh UUID, created by whoever asks first, kept as a request attribute. */
public final class RequestIds {

    private static final String ATTRIBUTE = RequestIds.class.getName();

    private RequestIds() {}

    public static String of(HttpServletRequest request) {
        Object id = request.getAttribute(ATTRIBUTE);
        if (id == null) {
            id = randomUuid().toString();
            request.setAttribute(ATTRIBUTE, id);
        }
        return (String) id;
    }

    /**
     * A version 4 UUID from {@link ThreadLocalRandom}: an id names a request, it guards nothing, and
     * {@code UUID.randomUUID()} reads the shared SecureRandom under its lock at every request.
     */
    static UUID randomUuid() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L; // version 4
        long low = (random.nextLong() & ~(0xC000L << 48)) | (0x8000L << 48); // IETF variant
        return new UUID(high, low);
    }
}
