package net.hostingapi.platform.database.control;

import org.eclipse.persistence.config.SessionCustomizer;
import org.eclipse.persistence.sessions.Session;

/**
 * EclipseLink's session as the service needs it (persistence.xml names this customizer):
 * inserted ids read back as {@link InsertedIds} says, and no read repeated on another connection.
 * EclipseLink repeats a read whose connection failed on a fresh one from the pool (three times by
 * default) when it believes no transaction of its own is open, which under JTA it may while the
 * container's transaction holds writes on the failed connection: the rest of that transaction then
 * commits on the fresh connection without them. On a Galera cluster whose nodes were killed
 * under load (GaleraIT) a change was acknowledged whose history entry was stored but not its
 * records nor its zone's new serial: such a repetition is one way to get there, and is closed
 * here. A failed read fails its transaction instead, which is then answered 503 or repeated whole.
 */
public class SessionSettings implements SessionCustomizer {

    @Override
    public void customize(Session session) throws Exception {
        new InsertedIds().customize(session);
        session.getLogin().setQueryRetryAttemptCount(0);
    }
}
