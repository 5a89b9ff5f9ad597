package net.hostingapi.idempotency.control;

import jakarta.ejb.Schedule;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import net.hostingapi.platform.messages.control.ApiException;

/**
 * The stored idempotency keys: inserted in the change's transaction ({@link KeyedTransactions}),
 * looked up when a keyed request arrives, given their answer once it is made, and dropped when
 * their time is up, every ten minutes, by every instance (what another deleted costs nothing).
 */
@Stateless
public class IdempotencyKeys {

    private static final Logger LOG = Logger.getLogger(IdempotencyKeys.class.getName());
    private static final int BATCH = 5000;

    /**
     * How long a request waits for another one that holds its key uncommitted (on another
     * instance): past that it is answered 409 and retries, rather than holding a thread.
     */
    static final int LOCK_WAIT_SECONDS = 2;

    @PersistenceContext
    EntityManager em;

    /**
     * Inserts the key in the current transaction. The key stored already: {@link KeyAlreadyUsed};
     * held by a transaction that has not ended within {@link #LOCK_WAIT_SECONDS}: 409 to retry.
     */
    static void insert(EntityManager em, IdempotencyKey key, Duration keptFor) {
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        try {
            em.createNativeQuery("SET STATEMENT innodb_lock_wait_timeout = " + LOCK_WAIT_SECONDS
                            + " FOR INSERT INTO idempotency_keys (account_id, idem_key, fingerprint, created_at,"
                            + " expires_at) VALUES (?, ?, ?, ?, ?)")
                    .setParameter(1, key.accountId())
                    .setParameter(2, bytes(key.key()))
                    .setParameter(3, key.fingerprint())
                    .setParameter(4, Timestamp.valueOf(now))
                    .setParameter(5, Timestamp.valueOf(now.plus(keptFor)))
                    .executeUpdate();
        } catch (PersistenceException e) {
            int error = errorCode(e);
            if (error == 1062) {
                throw new KeyAlreadyUsed(key);
            }
            if (error == 1205) {
                throw inProgress();
            }
            throw e;
        }
    }

    /** 409 with Retry-After: the key's first request has not answered yet. */
    public static ApiException inProgress() {
        return new ApiException(
                409,
                List.of(net.hostingapi.platform.messages.control.Message.of(IdempotencyMessages.REQUEST_IN_PROGRESS)),
                Map.of("Retry-After", "1"));
    }

    /** The key as stored, also when its time is up and it was not pruned yet. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<StoredKey> find(long accountId, String key) {
        List<?> rows = em.createNativeQuery("SELECT fingerprint, created_at, expires_at <= ?, status, headers, answer"
                        + " FROM idempotency_keys WHERE account_id = ? AND idem_key = ?")
                .setParameter(1, Timestamp.valueOf(LocalDateTime.now(ZoneOffset.UTC)))
                .setParameter(2, accountId)
                .setParameter(3, bytes(key))
                .getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Object[] row = (Object[]) rows.get(0);
        return Optional.of(new StoredKey(
                (byte[]) row[0],
                instant(row[1]),
                row[2] instanceof Boolean expired ? expired : row[2] != null && ((Number) row[2]).intValue() != 0,
                row[3] == null ? null : ((Number) row[3]).intValue(),
                (String) row[4],
                inflated((byte[]) row[5])));
    }

    /** Drops the key when its time is up, so that it can be used afresh before the next pruning. */
    public void forgetExpired(long accountId, String key) {
        em.createNativeQuery("DELETE FROM idempotency_keys WHERE account_id = ? AND idem_key = ? AND expires_at <= ?")
                .setParameter(1, accountId)
                .setParameter(2, bytes(key))
                .setParameter(3, Timestamp.valueOf(LocalDateTime.now(ZoneOffset.UTC)))
                .executeUpdate();
    }

    /** The answer sent for the key's request: what a retry with the key is answered from now on. */
    public void answered(IdempotencyKey key, int status, String headers, byte[] answer) {
        em.createNativeQuery("UPDATE idempotency_keys SET status = ?, headers = ?, answer = ?"
                        + " WHERE account_id = ? AND idem_key = ? AND status IS NULL")
                .setParameter(1, status)
                .setParameter(2, headers)
                .setParameter(3, answer == null ? null : deflated(answer))
                .setParameter(4, key.accountId())
                .setParameter(5, bytes(key.key()))
                .executeUpdate();
    }

    @Schedule(hour = "*", minute = "*/10", persistent = false)
    void everyTenMinutes() {
        for (int batch = 0; batch < 20 && prune() == BATCH; batch++) {
            // a backlog goes in batches, the rest next time
        }
    }

    /** One batch of the keys whose time is up; how many went. */
    public int prune() {
        int deleted = em.createNativeQuery("DELETE FROM idempotency_keys WHERE expires_at <= ? LIMIT " + BATCH)
                .setParameter(1, Timestamp.valueOf(LocalDateTime.now(ZoneOffset.UTC)))
                .executeUpdate();
        if (deleted > 0) {
            LOG.fine(() -> "Idempotency keys: " + deleted + " expired keys pruned");
        }
        return deleted;
    }

    /**
     * Answers are kept compressed (zlib, fastest level): a zone's answer is its whole rendering, tens
     * of kilobytes of repetitive JSON that shrink to a tenth, which MariaDB then writes a tenth of.
     */
    static byte[] deflated(byte[] answer) {
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        try {
            deflater.setInput(answer);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, answer.length / 6));
            byte[] buffer = new byte[8192];
            while (!deflater.finished()) {
                out.write(buffer, 0, deflater.deflate(buffer));
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    static byte[] inflated(byte[] stored) {
        if (stored == null) {
            return null;
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(stored);
            ByteArrayOutputStream out = new ByteArrayOutputStream(stored.length * 6);
            byte[] buffer = new byte[8192];
            while (!inflater.finished()) {
                int n = inflater.inflate(buffer);
                if (n == 0 && !inflater.finished() && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new IllegalStateException("A stored answer is cut short");
                }
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw new IllegalStateException("A stored answer is not zlib data", e);
        } finally {
            inflater.end();
        }
    }

    private static byte[] bytes(String key) {
        return key.getBytes(StandardCharsets.US_ASCII);
    }

    private static java.time.Instant instant(Object value) {
        if (value instanceof Timestamp timestamp) {
            return timestamp.toLocalDateTime().toInstant(ZoneOffset.UTC);
        }
        if (value instanceof LocalDateTime dateTime) {
            return dateTime.toInstant(ZoneOffset.UTC);
        }
        throw new IllegalStateException("created_at read as " + value);
    }

    private static int errorCode(Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SQLException sql) {
                return sql.getErrorCode();
            }
        }
        return 0;
    }
}
