package net.hostingapi.nameserver.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Which names wait for their interval, on a clock of the test's. */
class NamePacingTest {

    private long nowMillis = 5_000;
    private final NamePacing pacing = new NamePacing(1_000);

    private long now() {
        return TimeUnit.MILLISECONDS.toNanos(nowMillis);
    }

    @Test
    void aStreamOfChangesWaitsUntilTheIntervalSinceTheLastPublication() {
        pacing.published("example.com", now());
        nowMillis += 500;
        assertTrue(pacing.deferred("example.com", 7, now()), "seven changes half a second after the last publication");
        nowMillis += 499;
        assertTrue(pacing.deferred("example.com", 2, now()));
        nowMillis += 1;
        assertFalse(pacing.deferred("example.com", 7, now()), "a second after it");
    }

    @Test
    void aSingleChangeGoesAtOnceHoweverRecentTheLastPublication() {
        pacing.published("example.com", now());
        nowMillis += 20; // a client that changes the zone again as soon as it sees its last change published
        assertFalse(pacing.deferred("example.com", 1, now()));
    }

    @Test
    void aNameNotPublishedLatelyGoesAtOnce() {
        pacing.published("example.com", now());
        assertFalse(pacing.deferred("example.net", 50, now()), "another name");
    }

    @Test
    void noIntervalPacesNothing() {
        NamePacing none = new NamePacing(0);
        none.published("example.com", now());
        assertFalse(none.deferred("example.com", 50, now()));
    }

    @Test
    void namesPublishedLongerAgoAreForgottenWhenFull() {
        for (int i = 0; i < NamePacing.CAPACITY; i++) {
            pacing.published("zone" + i + ".example", now());
        }
        nowMillis += 1_000;
        pacing.published("late.example", now()); // makes room: the others' interval has passed
        nowMillis += 10;
        assertTrue(pacing.deferred("late.example", 2, now()), "the name published last is remembered");
        assertFalse(pacing.deferred("zone1.example", 2, now()));
    }
}
