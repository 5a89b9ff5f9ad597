package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceLauncherTest {

    @TempDir
    Path dataDir;

    /** The run command's TSIG key encryption key: made once, owner-only, the same at every later start. */
    @Test
    void theTsigKeyEncryptionKeyIsGeneratedOnceIntoTheDataDirectory() throws Exception {
        String first = ServiceLauncher.tsigKeyEncryptionKey(Map.of(), dataDir);
        assertEquals(32, Base64.getDecoder().decode(first).length);
        Path file = dataDir.resolve("tsig-key-encryption-key");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(first, ServiceLauncher.tsigKeyEncryptionKey(Map.of(), dataDir), "read again, not replaced");

        String configured = Base64.getEncoder().encodeToString(new byte[32]);
        assertEquals(
                configured,
                ServiceLauncher.tsigKeyEncryptionKey(Map.of("TSIG_KEY_ENCRYPTION_KEY", configured), dataDir),
                "the setting wins");
        assertNotEquals(
                first, ServiceLauncher.tsigKeyEncryptionKey(Map.of(), Files.createDirectory(dataDir.resolve("other"))));
    }
}
