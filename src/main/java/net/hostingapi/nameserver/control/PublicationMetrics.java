package net.hostingapi.nameserver.control;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import javax.sql.DataSource;
import net.hostingapi.platform.database.control.DatabaseGauges;
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
        DatabaseGauges.registerOutbox(metrics, database, "nameserver_outbox", "Changes to publish to the nameserver");
    }
}
