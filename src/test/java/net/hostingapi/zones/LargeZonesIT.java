package net.hostingapi.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
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
 * Shows at once of large zones none of which is rendered yet, exports at once of them, and
 * deletions at once of a record each in them, are each answered whole: 24 clients, two per zone, of
 * twelve zones of 40,000 records (an operator's {@code MAX_RECORDS_PER_ZONE} allows them). Each
 * loaded its zone as entities, some 80 MB, all at once: twelve shows or twelve exports of six such
 * zones, and the deletions in twelve, ran the 512 MiB heap out of memory, and answered 500 or
 * closed the connection unanswered.
 */
@ServiceTest
@RunAsClient
class LargeZonesIT {

    private static final int ZONES = 12;
    private static final int RECORDS = 40 * LargeZones.SEED_RECORDS;
    private static final int CLIENTS = 24;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Test
    void showsExportsAndDeletionsAtOnceOfZonesOf40000RecordsAreEachAnsweredWhole() throws Exception {
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
        // each client deletes a record of its own: a change of records answers the whole zone
        List<Api.Response> deletions = atOnce(patient, "records/delete", suffix);
        for (Api.Response deletion : deletions) {
            assertEquals(200, deletion.status(), () -> "a deletion: " + start(deletion));
            int left = LargeZones.members(deletion.body(), "type", 5);
            assertTrue(left == RECORDS - 1 || left == RECORDS - 2, "records after a deletion: " + left);
        }
        for (int i = 0; i < ZONES; i++) {
            assertEquals(
                    RECORDS - CLIENTS / ZONES,
                    LargeZones.members(
                            patient.get("/api/v1/dns/zones/show?zone=z" + i + "-" + suffix + ".example")
                                    .body(),
                            "type",
                            5),
                    "records after the deletions");
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
                // a record of the seed's, one per client: the grown zone holds c1-h<i> (10.0.0.<i>)
                JsonObject deletion = Json.createObjectBuilder()
                        .add("zone", zone)
                        .add(
                                "records",
                                Json.createArrayBuilder().add(ZonesIT.record("c1-h" + i, "A", "10.0.0." + i, null)))
                        .build();
                answers.add(clients.submit(() -> operation.equals("records/delete")
                        ? api.json("DELETE", "/api/v1/dns/zones/records/delete", deletion)
                        : api.get("/api/v1/dns/zones/" + operation + "?zone=" + zone)));
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
