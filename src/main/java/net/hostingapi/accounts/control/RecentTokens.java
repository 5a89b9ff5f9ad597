package net.hostingapi.accounts.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import net.hostingapi.accounts.control.tsig.TsigAlgorithm;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Tokens as read from the database in the last {@code TOKEN_CACHE_MILLIS}, by their hash. The
 * lookup was one of a show's two round trips to the database (a sixth of its CPU at 300 shows a
 * second, with MariaDB's part). What can end a token early goes through this instance's
 * {@link TokensChanged}, after whose commit every token is read again; the same change made on
 * another instance (or in the database) is seen here within that time. Expiry, disuse and the
 * client's address are checked at every request on what was read. Unknown tokens are not kept.
 * The same holds for tokens' TSIG keys by their names, their secrets opened (a DNS UPDATE read
 * its key and opened its secret for every message).
 */
@ApplicationScoped
public class RecentTokens {

    /** More distinct tokens than this within one period are looked up each time. */
    static final int MOST = 10_000;

    private record Kept(Object entry, long readAt) {}

    /** A token's TSIG key as read: its token, its algorithm and its opened secret. */
    record StoredKey(StoredToken token, TsigAlgorithm algorithm, byte[] secret) {}

    /** Keys are kept under their names beside the tokens' hashes; no hash holds a space. */
    private static final String KEY = "tsig ";

    @Inject
    @ConfigProperty(name = "TOKEN_CACHE_MILLIS", defaultValue = "1000")
    long keepMillis;

    LongSupplier clock = System::nanoTime;

    private final Map<String, Kept> kept = new ConcurrentHashMap<>();

    /** Moves at every change, so that a read begun before it is not kept after it. */
    private final AtomicLong changes = new AtomicLong();

    /** The token of this hash if it was read within the period, else null. */
    StoredToken recent(String hash) {
        return (StoredToken) entry(hash);
    }

    /** The TSIG key of this name if it was read within the period, else null. */
    StoredKey recentKey(String name) {
        return (StoredKey) entry(KEY + name);
    }

    void keepKey(String name, StoredKey key, long changeCountBeforeRead) {
        keepEntry(KEY + name, key, changeCountBeforeRead);
    }

    private Object entry(String hash) {
        Kept found = kept.get(hash);
        if (found == null) {
            return null;
        }
        if (outlived(found, clock.getAsLong())) {
            kept.remove(hash, found);
            return null;
        }
        return found.entry();
    }

    /** Taken before reading a token: {@link #keep} keeps it only if nothing changed meanwhile. */
    long changeCount() {
        return changes.get();
    }

    void keep(String hash, StoredToken token, long changeCountBeforeRead) {
        keepEntry(hash, token, changeCountBeforeRead);
    }

    private void keepEntry(String hash, Object token, long changeCountBeforeRead) {
        if (keepMillis <= 0 || changes.get() != changeCountBeforeRead || !roomFor(hash)) {
            return;
        }
        Kept entry = new Kept(token, clock.getAsLong());
        kept.put(hash, entry);
        // a change that counted after the check above may have cleared before the put
        if (changes.get() != changeCountBeforeRead) {
            kept.remove(hash, entry);
        }
    }

    private boolean roomFor(String hash) {
        if (kept.size() < MOST || kept.containsKey(hash)) {
            return true;
        }
        long now = clock.getAsLong();
        kept.values().removeIf(k -> outlived(k, now));
        return kept.size() < MOST;
    }

    private boolean outlived(Kept entry, long now) {
        return now - entry.readAt() >= TimeUnit.MILLISECONDS.toNanos(keepMillis);
    }

    /** Whether the change committed or not, the tokens are read again. */
    void afterChange(@Observes(during = TransactionPhase.AFTER_COMPLETION) TokensChanged changed) {
        changes.incrementAndGet();
        kept.clear();
    }
}
