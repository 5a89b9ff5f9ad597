package net.hostingapi.mail.control;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The mail server of a machine without one: writes each message as an RFC 822 {@code .eml} file.
 * Written to a temporary file and moved into place, so that a reader never sees half a mail;
 * readable by the owner only (the default of temporary files), since a mail may carry a link
 * that acts for its recipient.
 */
public final class EmlWriter {

    private EmlWriter() {}

    public static Path write(Path directory, String name, MimeMessage message) throws IOException, MessagingException {
        Files.createDirectories(directory);
        Path temporary = Files.createTempFile(directory, ".", ".eml.tmp");
        try {
            try (OutputStream out = Files.newOutputStream(temporary)) {
                message.writeTo(out);
            }
            return Files.move(
                    temporary,
                    directory.resolve(name),
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
