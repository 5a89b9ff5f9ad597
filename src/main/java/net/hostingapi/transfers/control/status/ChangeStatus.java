package net.hostingapi.transfers.control.status;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Whether a change of a zone has reached its nameservers: the stored serial against what the
 * primary and each secondary answer over DNS, all asked at once. The answer comes within
 * {@link #DEADLINE} however many of them are down; one that has not answered by then counts as
 * not in sync.
 */
@ApplicationScoped
public class ChangeStatus {

    /** The most a status waits for its nameservers, whatever their number. */
    static final Duration DEADLINE = Duration.ofMillis(1500);

    @EJB
    WatchedZones zones;

    @Inject
    SoaQueries queries;

    private final Clock clock = Clock.systemUTC();

    public ZoneStatus of(String zoneName) {
        // read, and the connection given back, before any nameserver is asked
        WatchedZone zone = zones.watched(zoneName);
        Instant askedAt = clock.instant();
        List<CompletableFuture<ServedSerial>> answers = new ArrayList<>();
        for (WatchedServer server : zone.servers()) {
            answers.add(queries.ask(server.host(), server.port(), zone.name()));
        }
        awaitAll(answers);
        List<ServerStatus> servers = new ArrayList<>();
        for (int i = 0; i < answers.size(); i++) {
            ServedSerial served = answers.get(i)
                    .getNow(ServedSerial.failed(
                            "no answer within " + DEADLINE.toMillis() + " ms", askedAt, clock.instant()));
            servers.add(ServerStatus.of(zone.servers().get(i), served, zone.serial()));
        }
        return new ZoneStatus(zone.name(), zone.serial(), servers);
    }

    private static void awaitAll(List<CompletableFuture<ServedSerial>> answers) {
        try {
            CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new))
                    .get(DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // those still out count as no answer
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException("an SOA query completed exceptionally", e); // they never do
        }
    }
}
