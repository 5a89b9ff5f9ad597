package net.hostingapi.accounts.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.accounts.entity.TokenPolicy;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Tokens kept for the period on a clock of the test's, and forgotten at every change. */
class RecentTokensTest {

    private static final LocalDateTime NOW = LocalDateTime.of(2026, 11, 25, 12, 0);

    private final RecentTokens recent = new RecentTokens();
    private long nanos = 1_000_000_000L;

    @BeforeEach
    void oneSecond() {
        recent.keepMillis = 1000;
        recent.clock = () -> nanos;
    }

    @Test
    void keptForThePeriodThenReadAgain() {
        StoredToken token = token(null, TokenPolicy.NONE);
        recent.keep("h", token, recent.changeCount());
        advanceMillis(999);
        assertSame(token, recent.recent("h"));
        advanceMillis(1);
        assertNull(recent.recent("h"), "a period old");
        assertNull(recent.recent("other"), "never read");
    }

    @Test
    void nothingIsKeptWithAPeriodOfZero() {
        recent.keepMillis = 0;
        recent.keep("h", token(null, TokenPolicy.NONE), recent.changeCount());
        assertNull(recent.recent("h"));
    }

    @Test
    void aChangeForgetsEveryToken() {
        recent.keep("a", token(null, TokenPolicy.NONE), recent.changeCount());
        recent.keep("b", token(null, TokenPolicy.NONE), recent.changeCount());
        recent.afterChange(new TokensChanged());
        assertNull(recent.recent("a"));
        assertNull(recent.recent("b"));
    }

    /** Read before a change committed, kept after it: it would show the token as it was before. */
    @Test
    void aTokenReadBeforeAChangeIsNotKept() {
        long before = recent.changeCount();
        recent.afterChange(new TokensChanged());
        recent.keep("h", token(null, TokenPolicy.NONE), before);
        assertNull(recent.recent("h"));
        recent.keep("h", token(null, TokenPolicy.NONE), recent.changeCount());
        assertTrue(recent.recent("h") != null, "read after the change");
    }

    @Test
    void atMostSoManyTokensUntilThePeriodEnds() {
        for (int i = 0; i < RecentTokens.MOST; i++) {
            recent.keep("h" + i, token(null, TokenPolicy.NONE), recent.changeCount());
        }
        recent.keep("one more", token(null, TokenPolicy.NONE), recent.changeCount());
        assertNull(recent.recent("one more"), "full");
        assertTrue(recent.recent("h0") != null);
        advanceMillis(1000);
        recent.keep("one more", token(null, TokenPolicy.NONE), recent.changeCount());
        assertTrue(recent.recent("one more") != null, "room again once the others are a period old");
    }

    /** What was kept is checked anew at each use: an expiry passes, the client's address is its own. */
    @Test
    void aKeptTokenIsCheckedAtEachUse() {
        TokenPolicy subnet = new TokenPolicy(List.of(), List.of(), List.of(), List.of("192.0.2.0/24"), null);
        StoredToken token = token(NOW.plusSeconds(1), subnet);
        assertEquals("alice", token.caller("192.0.2.7", NOW).orElseThrow().getName());
        assertTrue(token.caller("198.51.100.7", NOW).isEmpty(), "outside its subnets");
        assertTrue(token.caller("192.0.2.7", NOW.plusSeconds(1)).isEmpty(), "expired");
    }

    private void advanceMillis(long millis) {
        nanos += TimeUnit.MILLISECONDS.toNanos(millis);
    }

    private static StoredToken token(LocalDateTime validUntil, TokenPolicy policy) {
        return new StoredToken(
                7, validUntil, false, 3, "alice", 1, Set.of(Right.DNS_ZONES_LIST), policy, NOW, NOW.minusDays(1));
    }
}
