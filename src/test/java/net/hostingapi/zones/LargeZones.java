package net.hostingapi.zones;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.stream.JsonParser;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import net.hostingapi.support.Api;
import net.hostingapi.support.Database;

/**
 * Accounts of large zones for the tests of their lists and shows: a seed zone made through the
 * API, grown and copied by SQL (through the API it would take minutes), and answers counted as a
 * stream (a tree of a 124 MB answer would take the test's heap; an answer cut short fails to parse).
 */
final class LargeZones {

    /** Records the seed zone is made with through the API (the most one request may add). */
    static final int SEED_RECORDS = 1000;

    private LargeZones() {}

    /** The zone {@code z0-<suffix>.example} made through the API, with {@link #SEED_RECORDS} A records. */
    static String seed(Api api, String suffix) {
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
        return seed;
    }

    /**
     * The seed zone's records {@code times} over, under names of their own, and its version moved
     * on as a change through the API would.
     */
    static void grow(String seed, int times) throws Exception {
        int added = (times - 1) * SEED_RECORDS;
        try (Connection c = Database.connect();
                Statement s = c.createStatement()) {
            long first = recordIds(s, added);
            try (PreparedStatement copy = c.prepareStatement("INSERT INTO zone_records (id, zone_id, name, type,"
                    + " data, ttl, created_at, updated_at) SELECT ? + ROW_NUMBER() OVER (ORDER BY n.seq, r.id),"
                    + " r.zone_id, CONCAT('c', n.seq, '-', r.name), r.type, r.data, r.ttl, r.created_at,"
                    + " r.updated_at FROM zones z JOIN zone_records r ON r.zone_id = z.id JOIN seq_1_to_"
                    + (times - 1) + " n WHERE z.name = ?")) {
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

    /** How many times {@code key} names a member at {@code depth} in {@code body}, read as a stream. */
    static int members(String body, String key, int depth) {
        int members = 0;
        int at = 0;
        try (JsonParser parser = Json.createParser(new StringReader(body))) {
            while (parser.hasNext()) {
                JsonParser.Event event = parser.next();
                if (event == JsonParser.Event.START_OBJECT || event == JsonParser.Event.START_ARRAY) {
                    at++;
                } else if (event == JsonParser.Event.END_OBJECT || event == JsonParser.Event.END_ARRAY) {
                    at--;
                } else if (event == JsonParser.Event.KEY_NAME
                        && at == depth
                        && parser.getString().equals(key)) {
                    members++;
                }
            }
        }
        return members;
    }
}
