package net.hostingapi.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * Shows at once of large zones none of which is rendered yet, and exports at once of them, are
 * each answered whole. Twelve of either at once of six zones of 40,000 records (an operator's
 * {@code MAX_RECORDS_PER_ZONE} allows them) loaded twelve zones as entities together, some 80 MB
 * each, and ran the 512 MiB heap out of memory: they answered 500.
 */
@ServiceTest
@RunAsClient
class LargeZonesIT {

    private static final int ZONES = 6;
    private static final int RECORDS = 40 * LargeZones.SEED_RECORDS;
    private static final int CLIENTS = 12;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Test
    void showsAndExportsAtOnceOfZonesOf40000RecordsAreEachAnsweredWhole() throws Exception {
        Api api = Api.at(base).newCustomer().api();
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String seed = LargeZones.seed(api, suffix);
        LargeZones.grow(seed, RECORDS / LargeZones.SEED_RECORDS);
        LargeZones.copies(seed, suffix, ZONES, RECORDS);

        Api patient = api.withTimeout(Duration.ofMinutes(10));
        List<Api.Response> shows = atOnce(patient, "show", suffix);
        for (Api.Response show : shows) {
            assertEquals(200, show.status(), () -> "a show: " + start(show));
            assertEquals(
                    RECORDS,
                    // envelope, data, the zone, its records, the record
                    LargeZones.members(show.body(), "type", 5),
                    "records in a show");
        }
        // exports keep no rendering: each loads its zone
        List<Api.Response> exports = atOnce(patient, "export", suffix);
        for (Api.Response export : exports) {
            assertEquals(200, export.status(), () -> "an export: " + start(export));
            assertEquals(
                    RECORDS,
                    export.body()
                            .lines()
                            .filter(line -> line.contains("\tIN\tA\t"))
                            .count(),
                    "A records in an export");
        }
    }

    /** CLIENTS requests of {@code operation} at once, each zone by two; the answers. */
    private static List<Api.Response> atOnce(Api api, String operation, String suffix) throws Exception {
        long started = System.nanoTime();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<Api.Response>> answers = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                String zone = "z" + i % ZONES + "-" + suffix + ".example";
                // waiting as long as it takes: what is asserted is the answers, not their speed
                answers.add(clients.submit(() -> api.get("/api/v1/dns/zones/" + operation + "?zone=" + zone)));
            }
            List<Api.Response> answered = new ArrayList<>();
            for (Future<Api.Response> answer : answers) {
                answered.add(answer.get());
            }
            System.out.printf(
                    "LargeZonesIT: %d of %s at once of %d zones of %d records, answered in %.1f s%n",
                    CLIENTS, operation, ZONES, RECORDS, (System.nanoTime() - started) / 1e9);
            return answered;
        } finally {
            clients.shutdownNow();
        }
    }

    private static String start(Api.Response answer) {
        return answer.body().substring(0, Math.min(300, answer.body().length()));
    }
}
