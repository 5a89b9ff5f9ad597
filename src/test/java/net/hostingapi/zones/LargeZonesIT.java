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
 * Shows at once of large zones none of which is rendered yet are each answered whole. Twelve at
 * once of six zones of 40,000 records (an operator's {@code MAX_RECORDS_PER_ZONE} allows them)
 * loaded twelve zones as entities together, some 80 MB each, and ran the 512 MiB heap out of
 * memory: shows answered 500.
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
    void showsAtOnceOfZonesOf40000RecordsAreEachAnsweredWhole() throws Exception {
        Api api = Api.at(base).newCustomer().api();
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String seed = LargeZones.seed(api, suffix);
        LargeZones.grow(seed, RECORDS / LargeZones.SEED_RECORDS);
        LargeZones.copies(seed, suffix, ZONES, RECORDS);

        Api patient = api.withTimeout(Duration.ofMinutes(10));
        long started = System.nanoTime();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<Api.Response>> shows = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                String zone = "z" + i % ZONES + "-" + suffix + ".example";
                // waiting as long as it takes: what is asserted is the answers, not their speed
                shows.add(clients.submit(() -> patient.get("/api/v1/dns/zones/show?zone=" + zone)));
            }
            for (Future<Api.Response> show : shows) {
                Api.Response answer = show.get();
                assertEquals(
                        200,
                        answer.status(),
                        () -> "a show: "
                                + answer.body()
                                        .substring(
                                                0, Math.min(300, answer.body().length())));
                assertEquals(
                        RECORDS,
                        // envelope, data, the zone, its records, the record
                        LargeZones.members(answer.body(), "type", 5),
                        "records in a show");
            }
            System.out.printf(
                    "LargeZonesIT: %d shows at once of %d zones of %d records, answered in %.1f s%n",
                    CLIENTS, ZONES, RECORDS, (System.nanoTime() - started) / 1e9);
        } finally {
            clients.shutdownNow();
        }
    }
}
