package net.hostingapi.platform;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.lang.reflect.Field;
import java.sql.Connection;
import java.util.Collection;
import java.util.Map;
import net.hostingapi.nameserver.entity.PendingPublication;

/**
 * Inserts outbox entries (an IDENTITY id) one flush at a time on one connection, then counts the
 * statements that connection's MariaDB driver still holds for its cached server-side prepares:
 * a statement EclipseLink never closed stays there as long as the pooled connection lives
 * (InsertedIdsIT).
 */
@Stateless
public class IdentityInsertProbe {

    @PersistenceContext
    EntityManager em;

    public long insertAndCountHeldStatements(String name, int inserts) throws Exception {
        for (int i = 0; i < inserts; i++) {
            em.persist(new PendingPublication(name));
            em.flush();
        }
        org.mariadb.jdbc.Connection driver = physical(em.unwrap(Connection.class));
        Map<?, ?> prepares = (Map<?, ?>) field(driver.getContext(), "prepareCache");
        long held = 0;
        synchronized (prepares) {
            for (Object prepare : prepares.values()) {
                held += ((Collection<?>) field(prepare, "statements")).size();
            }
        }
        em.createQuery("DELETE FROM PendingPublication p WHERE p.name = :name")
                .setParameter("name", name)
                .executeUpdate();
        return held;
    }

    /** How often EclipseLink repeats a read whose connection failed, on another connection (SessionSettings: never). */
    public int readRetries() {
        return em.unwrap(org.eclipse.persistence.sessions.Session.class)
                .getLogin()
                .getQueryRetryAttemptCount();
    }

    /** The driver's connection inside the pool's handle (a class, which JDBC's unwrap cannot name). */
    private static org.mariadb.jdbc.Connection physical(Connection handle) throws ReflectiveOperationException {
        if (handle instanceof org.mariadb.jdbc.Connection driver) {
            return driver;
        }
        for (Class<?> type = handle.getClass(); type != null; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (Connection.class.isAssignableFrom(field.getType())) {
                    field.setAccessible(true);
                    Object inner = field.get(handle);
                    if (inner != null && inner != handle) {
                        return physical((Connection) inner);
                    }
                }
            }
        }
        throw new NoSuchFieldException("no driver connection in " + handle.getClass());
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        for (Class<?> type = owner.getClass(); type != null; type = type.getSuperclass()) {
            try {
                Field field = type.getDeclaredField(name);
                field.setAccessible(true);
                return field.get(owner);
            } catch (NoSuchFieldException e) {
                // declared further up
            }
        }
        throw new NoSuchFieldException(name);
    }
}
