package net.hostingapi.mail.control;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import javax.sql.DataSource;
import net.hostingapi.platform.database.control.DatabaseGauges;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/** The mail outbox as {@code /metrics} shows it: what waits, what failed its last attempt, and for how long the oldest has waited, failed attempts so far. */
@ApplicationScoped
public class MailMetrics {

    static final Metadata FAILURES = Metadata.builder()
            .withName("mail_delivery_failures")
            .withDescription("Delivery attempts the mail server refused or did not answer (each retried with backoff)")
            .build();

    @Resource(lookup = "jdbc/hosting")
    DataSource database;

    @Inject
    MetricRegistry metrics;

    void register(@Observes @Initialized(ApplicationScoped.class) Object started) {
        metrics.counter(FAILURES);
        DatabaseGauges.register(
                metrics,
                database,
                "mail_outbox_backlog",
                "Mails to deliver waiting",
                "SELECT COUNT(*) FROM mail_outbox");
        DatabaseGauges.register(
                metrics,
                database,
                "mail_outbox_failing",
                "Mails to deliver whose last attempt failed (retried with backoff)",
                "SELECT COUNT(*) FROM mail_outbox WHERE last_error IS NOT NULL");
        // A mail an address's limit holds back is queued when its hold ends (OutgoingMail): not before.
        DatabaseGauges.register(
                metrics,
                database,
                "mail_outbox_oldest_age_seconds",
                "Seconds the oldest of the mails to deliver waiting has waited",
                "SELECT TIMESTAMPDIFF(SECOND, MIN(created_at), UTC_TIMESTAMP()) FROM mail_outbox "
                        + "WHERE created_at <= UTC_TIMESTAMP()");
    }
}
