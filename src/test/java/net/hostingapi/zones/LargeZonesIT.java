package net.hostingapi.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.stream.JsonParser;
import java.io.StringReader;
import java.net.URL;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.hostingapi.support.Api;
import net.hostingapi.support.Database;
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
    private static final int SEED_RECORDS = 1000;
    private static final int RECORDS = 40 * SEED_RECORDS;
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
        String seed = "z0-" + suffix + ".example";
        JsonArrayBuilder records = Json.createArrayBuilder();
        for (int i = 0; i < SEED_RECORDS; i++) {
            records.add(ZonesIT.record("h" + i, "A", "10.0." + i / 250 + "." + i % 250, null));
        }
        assertEquals(
                201,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder()
                                        .add("name", seed)
                                        .add("records", records)
                                        .build())
                        .status());
        grow(seed);
        LargeListsIT.copies(seed, suffix, ZONES, RECORDS);

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
                assertEquals(RECORDS, records(answer.body()), "records in a show");
            }
            System.out.printf(
                    "LargeZonesIT: %d shows at once of %d zones of %d records, answered in %.1f s%n",
                    CLIENTS, ZONES, RECORDS, (System.nanoTime() - started) / 1e9);
        } finally {
            clients.shutdownNow();
        }
    }

    /**
     * The seed zone's records 40 times over, under names of their own, by SQL (the API takes
     * 1,000 a request), and its version moved on as a change through the API would.
     */
    private static void grow(String seed) throws Exception {
        int added = RECORDS - SEED_RECORDS;
        try (Connection c = Database.connect();
                Statement s = c.createStatement()) {
            long first = LargeListsIT.recordIds(s, added);
            try (PreparedStatement copy = c.prepareStatement("INSERT INTO zone_records (id, zone_id, name, type,"
                    + " data, ttl, created_at, updated_at) SELECT ? + ROW_NUMBER() OVER (ORDER BY n.seq, r.id),"
                    + " r.zone_id, CONCAT('c', n.seq, '-', r.name), r.type, r.data, r.ttl, r.created_at,"
                    + " r.updated_at FROM zones z JOIN zone_records r ON r.zone_id = z.id JOIN seq_1_to_"
                    + (RECORDS / SEED_RECORDS - 1) + " n WHERE z.name = ?")) {
                copy.setLong(1, first - 1);
                copy.setString(2, seed);
                assertEquals(added, copy.executeUpdate());
            }
            try (PreparedStatement changed =
                    c.prepareStatement("UPDATE zones SET version = version + 1 WHERE name = ?")) {
                changed.setString(1, seed);
                assertEquals(1, changed.executeUpdate());
            }
        }
    }

    /** How many records a show's answer holds, read as a stream; an answer cut short fails to parse. */
    private static int records(String body) {
        int records = 0;
        int depth = 0;
        try (JsonParser parser = Json.createParser(new StringReader(body))) {
            while (parser.hasNext()) {
                JsonParser.Event event = parser.next();
                if (event == JsonParser.Event.START_OBJECT || event == JsonParser.Event.START_ARRAY) {
                    depth++;
                } else if (event == JsonParser.Event.END_OBJECT || event == JsonParser.Event.END_ARRAY) {
                    depth--;
                } else if (event == JsonParser.Event.KEY_NAME
                        && parser.getString().equals("type")
                        && depth == 5) {
                    records++; // envelope, data, the zone, its records, the record
                }
            }
        }
        return records;
    }
}
