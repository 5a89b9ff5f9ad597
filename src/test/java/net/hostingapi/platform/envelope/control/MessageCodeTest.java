package net.hostingapi.platform.envelope.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The message codes are part of the wire contract: unique, and every one listed in the API reference. */
class MessageCodeTest {

    @Test
    void codesAreUnique() {
        Set<Integer> codes =
                Arrays.stream(MessageCode.values()).map(MessageCode::code).collect(Collectors.toSet());
        assertEquals(MessageCode.values().length, codes.size());
    }

    @Test
    void theApiReferenceListsEveryCode() throws IOException {
        String reference = Files.readString(Path.of("src/site/markdown/api.md"));
        for (MessageCode code : MessageCode.values()) {
            assertTrue(reference.contains("| " + code.code() + " | `" + code.name() + "` |"), "api.md lacks " + code);
        }
    }
}
