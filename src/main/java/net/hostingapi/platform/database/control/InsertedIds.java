package net.hostingapi.platform.database.control;

import org.eclipse.persistence.config.SessionCustomizer;
import org.eclipse.persistence.sessions.Session;

/**
 * EclipseLink reads the id of a row it inserted into an IDENTITY column with {@code SELECT
 * LAST_INSERT_ID()} on the same connection, not through {@code Statement.getGeneratedKeys()}:
 * on that path EclipseLink 4.0 closes the keys' result set but never the statement, and the
 * MariaDB driver keeps every statement of a cached server-side prepare until it is closed. Each
 * addition left two (its history entry and its outbox entry) on its pooled connection for good:
 * 105,000 statements with their parameters and results, some 55 MB of a 512 MB heap, after 20
 * minutes of the benchmark, and the garbage collector marking that heap without end.
 */
public class InsertedIds implements SessionCustomizer {

    @Override
    public void customize(Session session) {
        session.getPlatform().setSupportsReturnGeneratedKeys(false);
    }
}
