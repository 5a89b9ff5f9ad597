package net.hostingapi.mail.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.PasswordAuthentication;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Date;
import java.util.Optional;
import java.util.Properties;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import net.hostingapi.mail.entity.OutgoingMail;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Hands one mail to the world. With {@code SMTP_HOST} set, through the container's Jakarta Mail
 * session {@value #SESSION} (server-config/post-boot-commands.asadmin fills it from SMTP_HOST,
 * SMTP_PORT, SMTP_USER, SMTP_PASSWORD and MAIL_FROM); without, as an {@code .eml} file in
 * {@code MAIL_OUTBOX_DIR}, so that the service works on a machine with no mail server. The
 * session is looked up only in the SMTP case: a Payara without the resource still deploys.
 */
@ApplicationScoped
public class MailSender {

    public static final String SESSION = "mail/hosting";
    private static final Logger LOG = Logger.getLogger(MailSender.class.getName());
    private static final DateTimeFormatter FILE_TIME = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss");

    @Inject
    @ConfigProperty(name = "SMTP_HOST")
    Optional<String> smtpHost;

    @Inject
    @ConfigProperty(name = "MAIL_FROM", defaultValue = "hosting-api@localhost")
    String mailFrom;

    @Inject
    @ConfigProperty(name = "MAIL_OUTBOX_DIR")
    Optional<String> outboxDir;

    @Inject
    @ConfigProperty(name = "DATA_DIR", defaultValue = "./data")
    String dataDir;

    private volatile Session containerSession;

    void announce(@Observes @Initialized(ApplicationScoped.class) Object started) {
        if (smtpConfigured()) {
            LOG.info(() -> "Mail is sent by SMTP through " + SESSION + " (SMTP_HOST "
                    + smtpHost.get().trim() + ")");
        } else {
            LOG.info(() -> "SMTP_HOST is not set: mails are written as .eml files to " + outbox());
        }
    }

    public void send(OutgoingMail mail) throws MessagingException, IOException {
        if (smtpConfigured()) {
            Session session = containerSession();
            String from = Optional.ofNullable(session.getProperty("mail.from")).orElse(mailFrom);
            MimeMessage message = compose(session, from, mail.recipient(), mail.subject(), mail.body());
            transmit(session, message);
        } else {
            MimeMessage message = compose(
                    Session.getInstance(new Properties()), mailFrom, mail.recipient(), mail.subject(), mail.body());
            String name = "mail-" + LocalDateTime.now(ZoneOffset.UTC).format(FILE_TIME) + "-" + mail.id() + ".eml";
            Path file = EmlWriter.write(outbox(), name, message);
            LOG.info(() -> "Mail " + mail.id() + " (" + mail.topic() + ") written to " + file);
        }
    }

    /**
     * Angus Mail authenticates only when told to with mail.smtp.auth, which the post-boot file
     * cannot set conditionally; so the credentials the session holds are passed explicitly, and
     * used when the server offers AUTH. The password comes from the session's own authenticator.
     */
    private static void transmit(Session session, MimeMessage message) throws MessagingException {
        String user = session.getProperty("mail.smtp.user");
        String password = null;
        if (user != null) {
            PasswordAuthentication credentials = session.requestPasswordAuthentication(null, -1, "smtp", null, user);
            password = credentials == null ? null : credentials.getPassword();
        }
        message.saveChanges();
        try (Transport transport = session.getTransport("smtp")) {
            transport.connect(user, password);
            transport.sendMessage(message, message.getAllRecipients());
        }
    }

    static MimeMessage compose(Session session, String from, String to, String subject, String body)
            throws MessagingException {
        MimeMessage message = new MimeMessage(session);
        message.setFrom(new InternetAddress(from));
        message.setRecipient(Message.RecipientType.TO, new InternetAddress(to));
        message.setSubject(subject, "UTF-8");
        message.setSentDate(new Date());
        message.setText(body, "UTF-8");
        return message;
    }

    private boolean smtpConfigured() {
        return smtpHost.filter(host -> !host.isBlank()).isPresent();
    }

    private Path outbox() {
        return Path.of(outboxDir
                        .filter(dir -> !dir.isBlank())
                        .orElse(Path.of(dataDir, "outbox").toString()))
                .toAbsolutePath()
                .normalize();
    }

    private Session containerSession() throws MessagingException {
        Session session = containerSession;
        if (session == null) {
            try {
                session = InitialContext.doLookup(SESSION);
            } catch (NamingException e) {
                throw new MessagingException(
                        "SMTP_HOST is set but the mail session " + SESSION + " is not configured", e);
            }
            containerSession = session;
        }
        return session;
    }
}
