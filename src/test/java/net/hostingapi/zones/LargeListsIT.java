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
 * The whole list of an account whose zones hold many records, asked for by several clients at
 * once, is answered whole to each. With 800 zones of 1,000 records (124 MB of JSON a list), one
 * list and then eight at once ran the 512 MiB heap out of memory: each list held the texts of a
 * chunk of 500 zones, or 20,000 records' entities, before writing any, and the renderings kept
 * for shows took twice the 64 MB they were counted at. Lists answered 500.
 */
@ServiceTest
@RunAsClient
class LargeListsIT {

    private static final int ZONES = 800;
    private static final int RECORDS = LargeZones.SEED_RECORDS;
    private static final int CLIENTS = 8;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Test
    void listsAtOnceOfAnAccountOf800000RecordsAreEachAnsweredWhole() throws Exception {
        Api api = Api.at(base).newCustomer().api();
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String seed = LargeZones.seed(api, suffix);
        LargeZones.copies(seed, suffix, ZONES, RECORDS);

        Api patient = api.withTimeout(Duration.ofMinutes(10));
        // one list alone first: the renderings it leaves held are what a service in use holds
        assertEquals(
                List.of(ZONES, ZONES * RECORDS),
                zonesAndRecords(patient.get("/api/v1/dns/zones").body()),
                "zones and records in a list alone");
        long started = System.nanoTime();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<Api.Response>> lists = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                // waiting as long as it takes: what is asserted is the answers, not their speed
                lists.add(clients.submit(() -> patient.get("/api/v1/dns/zones")));
            }
            for (Future<Api.Response> list : lists) {
                Api.Response answer = list.get();
                assertEquals(
                        200,
                        answer.status(),
                        () -> "a list: "
                                + answer.body()
                                        .substring(
                                                0, Math.min(300, answer.body().length())));
                assertEquals(
                        List.of(ZONES, ZONES * RECORDS), zonesAndRecords(answer.body()), "zones and records in a list");
            }
            System.out.printf(
                    "LargeListsIT: %d lists of %d zones of %d records at once, answered in %.1f s%n",
                    CLIENTS, ZONES, RECORDS, (System.nanoTime() - started) / 1e9);
        } finally {
            clients.shutdownNow();
        }
        assertEquals(200, api.get("/api/v1/dns/zones/show?zone=" + seed).status(), "a show after them");
    }

    /** How many zones and records a list's whole answer holds. */
    private static List<Integer> zonesAndRecords(String body) {
        return List.of(
                // envelope, data, zones, the zone; then its records, the record
                LargeZones.members(body, "nameUnicode", 4), LargeZones.members(body, "type", 6));
    }
}
