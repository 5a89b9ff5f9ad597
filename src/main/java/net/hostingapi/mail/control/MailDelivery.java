package net.hostingapi.mail.control;

import jakarta.ejb.Asynchronous;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import net.hostingapi.mail.entity.OutgoingMail;
import net.hostingapi.platform.database.control.DeadlockRetry;
import net.hostingapi.platform.database.control.SchemaMigration;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * Delivers the outbox: each mail right after the commit that queued it, and every ten seconds
 * whatever is due again after a failure (with backoff), was held back until now, or was never started. No transaction is
 * held while the mail server is talked to; a mail server that is down only postpones delivery.
 * Delivery is at least once: an instance that dies between sending and recording it sends again.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class MailDelivery {

    private static final Logger LOG = Logger.getLogger(MailDelivery.class.getName());
    private static final int BATCH = 50;

    @EJB
    MailOutbox outbox;

    @Inject
    MailSender sender;

    @EJB
    SchemaMigration schema;

    @Inject
    MetricRegistry metrics;

    @Asynchronous
    public void deliverLater(long id) {
        deliver(id);
    }

    @Schedule(hour = "*", minute = "*", second = "*/10", persistent = false)
    void deliverDue() {
        schema.awaitMigrated();
        try {
            for (long id : outbox.due(BATCH)) {
                deliver(id);
            }
        } catch (RuntimeException e) {
            // The database may be down; the next round tries again.
            LOG.log(Level.WARNING, "Mail outbox not readable; retrying in ten seconds: " + e);
        }
    }

    private void deliver(long id) {
        Optional<OutgoingMail> claimed;
        try {
            claimed = outbox.claim(id);
        } catch (RuntimeException e) {
            if (!DeadlockRetry.lostLockRace(e)) {
                throw e;
            }
            // SKIP LOCKED sees the attempts of its own node only: on a Galera cluster another
            // node's attempt that leased the mail first makes this lease fail certification.
            return;
        }
        if (claimed.isEmpty()) {
            return; // not due, delivered or withdrawn meanwhile, or another attempt holds it
        }
        OutgoingMail mail = claimed.get();
        try {
            sender.send(mail);
        } catch (Exception e) {
            // The message of a mail or I/O failure names the server's answer, never our credentials.
            String error = e.getClass().getSimpleName() + ": " + e.getMessage();
            metrics.counter(MailMetrics.FAILURES).inc();
            outbox.failed(id, error)
                    .ifPresent(failed -> LOG.warning(() -> "Mail " + id + " (" + failed.topic()
                            + ") not delivered, attempt " + failed.attempts() + ": " + error
                            + "; next attempt at " + failed.nextAttemptAt() + " UTC"));
            return;
        }
        outbox.delivered(id);
    }
}
