package net.hostingapi.platform.requests.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RequestIdsTest {

    @Test
    void requestIdsAreDistinctVersionFourUuids() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            UUID id = RequestIds.randomUuid();
            assertEquals(4, id.version(), id.toString());
            assertEquals(2, id.variant(), id.toString());
            assertEquals(id, UUID.fromString(id.toString()));
            seen.add(id.toString());
        }
        assertEquals(10_000, seen.size());
    }
}
