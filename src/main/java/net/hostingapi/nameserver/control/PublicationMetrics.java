package net.hostingapi.nameserver.control;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import javax.sql.DataSource;
import net.hostingapi.platform.control.DatabaseGauges;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/** The publication outbox as {@code /metrics} shows it: names waiting, names whose last publication failed, the oldest wait, failures so far. */
@ApplicationScoped
public class PublicationMetrics {

    /** Publications the nameserver refused or did not answer (each retried with backoff). */
    static final Metadata FAILURES = Metadata.builder()
            .withName("nameserver_publication_failures")
            .withDescription(
                    "Publications of a zone that failed (nameserver unreachable or refusing); retried with backoff")
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
                "nameserver_outbox_backlog",
                "Changes waiting to be published to the nameserver",
                "SELECT COUNT(*) FROM nameserver_outbox");
        DatabaseGauges.register(
                metrics,
                database,
                "nameserver_outbox_failing",
                "Waiting changes whose last publication failed (retried with backoff)",
                "SELECT COUNT(*) FROM nameserver_outbox WHERE last_error IS NOT NULL");
        DatabaseGauges.register(
                metrics,
                database,
                "nameserver_outbox_oldest_age_seconds",
                "Seconds the oldest waiting change has waited",
                "SELECT TIMESTAMPDIFF(SECOND, MIN(created_at), UTC_TIMESTAMP()) FROM nameserver_outbox");
    }
}
