package net.hostingapi.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.stream.JsonParser;
import java.io.StringReader;
import java.net.URL;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
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
    private static final int RECORDS = 1000;
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
        String seed = "z0-" + suffix + ".example";
        JsonArrayBuilder records = Json.createArrayBuilder();
        for (int i = 0; i < RECORDS; i++) {
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
        copies(seed, suffix, ZONES, RECORDS);

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

    /**
     * How many zones and records a list's whole answer holds, read as a stream (a tree of 124 MB of
     * JSON would take the test's heap); an answer cut short fails to parse.
     */
    private static List<Integer> zonesAndRecords(String body) {
        int zones = 0;
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
                        && parser.getString().equals("nameUnicode")
                        && depth == 4) {
                    zones++; // envelope, data, zones, the zone
                } else if (event == JsonParser.Event.KEY_NAME
                        && parser.getString().equals("type")
                        && depth == 6) {
                    records++; // the zone, its records, the record
                }
            }
        }
        return List.of(zones, records);
    }

    /**
     * {@code zones - 1} copies of the seed zone ({@code z0-<suffix>.example}) with its
     * {@code records} records, in its account, by SQL (through the API it would take a minute),
     * named {@code z<i>-<suffix>.example}; their records' ids from a block of the service's record
     * id counter.
     */
    static void copies(String seed, String suffix, int zones, int records) throws Exception {
        try (Connection c = Database.connect();
                Statement s = c.createStatement()) {
            for (int i = 1; i < zones; i++) {
                try (PreparedStatement copy = c.prepareStatement("INSERT INTO zones (account_id, name,"
                        + " name_unicode, serial, hostmaster, refresh, retry, expire, ttl, ns_first, ns_second,"
                        + " user_id, project_id, version, created_at, updated_at) SELECT account_id, ?, ?, serial,"
                        + " hostmaster, refresh, retry, expire, ttl, ns_first, ns_second, user_id, project_id,"
                        + " version, created_at, updated_at FROM zones WHERE name = ?")) {
                    String name = "z" + i + "-" + suffix + ".example";
                    copy.setString(1, name);
                    copy.setString(2, name);
                    copy.setString(3, seed);
                    assertEquals(1, copy.executeUpdate());
                }
            }
            int copied = (zones - 1) * records;
            long first = recordIds(s, copied);
            try (PreparedStatement copy = c.prepareStatement("INSERT INTO zone_records (id, zone_id, name, type,"
                    + " data, ttl, created_at, updated_at) SELECT ? + ROW_NUMBER() OVER (ORDER BY z.id, r.id), z.id,"
                    + " r.name, r.type, r.data, r.ttl, r.created_at, r.updated_at FROM zones z JOIN zones seed ON"
                    + " seed.name = ? JOIN zone_records r ON r.zone_id = seed.id WHERE z.name LIKE ?"
                    + " AND z.id <> seed.id")) {
                copy.setLong(1, first - 1);
                copy.setString(2, seed);
                copy.setString(3, "z%-" + suffix + ".example");
                assertEquals(copied, copy.executeUpdate());
            }
        }
    }

    /**
     * The first of {@code count} record ids taken from the service's counter (atomically: the
     * service may take a block at the same time); the service never hands them out.
     */
    static long recordIds(Statement s, int count) throws Exception {
        s.executeUpdate(
                "UPDATE id_blocks SET next_id = LAST_INSERT_ID(next_id + " + count + ") WHERE name = 'zone_records'");
        try (ResultSet rows = s.executeQuery("SELECT LAST_INSERT_ID()")) {
            rows.next();
            return rows.getLong(1) - count;
        }
    }
}
