package net.hostingapi.mail.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.mail.Message;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;
import net.hostingapi.mail.entity.OutgoingMail;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The outbox of a machine without a mail server: what MailSender writes when SMTP_HOST is not set. */
class EmlWriterTest {

    @TempDir
    Path directory;

    @Test
    void aMessageBecomesAnEmlFileThatParsesBack() throws Exception {
        String body =
                "Hello Jürgen,\n\nplease open https://api.example/api/v1/domain/handles/verification/confirm?token="
                        + "a".repeat(43) + "\n";
        MimeMessage message = MailSender.compose(
                Session.getInstance(new Properties()),
                "hostmaster@hosting.test",
                "juergen@example.com",
                "Please verify Ä",
                body);
        Path file = EmlWriter.write(directory.resolve("outbox"), "mail-1.eml", message);

        assertEquals(directory.resolve("outbox").resolve("mail-1.eml"), file);
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(file)),
                "a link acts for its recipient");
        MimeMessage read = parse(file);
        assertEquals(List.of(new InternetAddress("hostmaster@hosting.test")), List.of(read.getFrom()));
        assertEquals(new InternetAddress("juergen@example.com"), read.getRecipients(Message.RecipientType.TO)[0]);
        assertEquals("Please verify Ä", read.getSubject());
        assertEquals(body, read.getContent().toString().replace("\r\n", "\n"));
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertEquals(List.of(file), files.toList(), "no temporary file left behind");
        }
    }

    @Test
    void withoutSmtpHostTheSenderWritesToTheOutboxDirectory() throws Exception {
        MailSender sender = new MailSender();
        sender.smtpHost = Optional.of(" ");
        sender.outboxDir = Optional.of(directory.resolve("mails").toString());
        sender.dataDir = directory.toString();
        sender.mailFrom = "noreply@hosting.test";
        sender.send(new OutgoingMail("handle-verification:HTEST", "someone@example.com", "Subject", "Body\n"));

        try (Stream<Path> files = Files.list(directory.resolve("mails"))) {
            List<Path> written = files.toList();
            assertEquals(1, written.size());
            assertTrue(
                    written.get(0).getFileName().toString().matches("mail-\\d{8}T\\d{6}-null\\.eml"),
                    written.toString());
            MimeMessage read = parse(written.get(0));
            assertEquals("someone@example.com", read.getRecipients(Message.RecipientType.TO)[0].toString());
            assertEquals("noreply@hosting.test", read.getFrom()[0].toString());
        }
    }

    @Test
    void theDefaultOutboxLiesInTheDataDirectory() throws Exception {
        MailSender sender = new MailSender();
        sender.smtpHost = Optional.empty();
        sender.outboxDir = Optional.empty();
        sender.dataDir = directory.toString();
        sender.mailFrom = "noreply@hosting.test";
        sender.send(new OutgoingMail("t", "someone@example.com", "Subject", "Body\n"));
        try (Stream<Path> files = Files.list(directory.resolve("outbox"))) {
            assertEquals(1, files.count());
        }
    }

    private static MimeMessage parse(Path file) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            return new MimeMessage(Session.getInstance(new Properties()), in);
        }
    }
}
