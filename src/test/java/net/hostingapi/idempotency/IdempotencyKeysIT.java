package net.hostingapi.idempotency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import net.hostingapi.platform.RawHttp;
import net.hostingapi.support.Api;
import net.hostingapi.support.Database;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Writes retried with an {@code Idempotency-Key}, as a client library that retries on every
 * network error sends them: the first is carried out, a repetition is answered the stored answer
 * ({@code Idempotent-Replayed: true}) and changes nothing (records, serial, history); another
 * request under the key 422; one that is still running 409 with Retry-After; a refused request
 * leaves no key; keys are the account's; a connection cut after the commit is retried into exactly
 * one change.
 */
@ServiceTest
@RunAsClient
class IdempotencyKeysIT {

    private static final String ZONES = "/api/v1/dns/zones";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    private Api.Customer customer;
    private Api api;
    private String zone;

    @BeforeEach
    void zone() {
        customer = Api.at(base).newCustomer();
        api = customer.api();
        zone = "ik" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + ".example";
        assertEquals(
                201,
                api.json(
                                "POST",
                                ZONES + "/create",
                                Json.createObjectBuilder().add("name", zone).build())
                        .status());
    }

    private static String newKey() {
        return UUID.randomUUID().toString();
    }

    private String addition(String name, String address) {
        return Json.createObjectBuilder()
                .add("zone", zone)
                .add(
                        "records",
                        Json.createArrayBuilder()
                                .add(Json.createObjectBuilder()
                                        .add("name", name)
                                        .add("type", "A")
                                        .add("data", address)))
                .build()
                .toString();
    }

    private Api.Response keyed(Api as, String method, String path, String body, String key) {
        return as.send(method, path, "application/json", body, Map.of("Idempotency-Key", key));
    }

    private long records(String name) {
        return Database.count(
                "SELECT COUNT(*) FROM zone_records r JOIN zones z ON z.id = r.zone_id WHERE z.name = ? AND r.name = ?",
                zone,
                name);
    }

    private long serial() {
        return ((Number) Database.value("SELECT serial FROM zones WHERE name = ?", zone)).longValue();
    }

    private long history() {
        return Database.count("SELECT COUNT(*) FROM zone_history WHERE zone_name = ?", zone);
    }

    private long storedKeys(String key) {
        return Database.count(
                "SELECT COUNT(*) FROM idempotency_keys WHERE idem_key = ?", key.getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void aRepetitionIsAnsweredTheStoredAnswerAndChangesNothing() {
        String key = newKey();
        String body = addition("www", "192.0.2.10");
        Api.Response first = keyed(api, "POST", ZONES + "/records/add", body, key);
        assertEquals(200, first.status(), first.body());
        assertNull(first.header("Idempotent-Replayed"));
        long serial = serial();
        long history = history();
        for (int i = 0; i < 3; i++) {
            Api.Response again = keyed(api, "POST", ZONES + "/records/add", body, key);
            assertEquals(200, again.status(), again.body());
            assertEquals("true", again.header("Idempotent-Replayed"));
            assertEquals(first.body(), again.body(), "the stored answer, byte for byte");
            assertEquals(first.header("Content-Type"), again.header("Content-Type"));
            assertNotEquals(first.header("X-Request-Id"), again.header("X-Request-Id"));
        }
        assertEquals(1, records("www"));
        assertEquals(serial, serial());
        assertEquals(history, history());
        assertEquals(1, storedKeys(key));
    }

    @Test
    void aCreationIsReplayedWithItsStatus() {
        String key = newKey();
        String name = "ic" + UUID.randomUUID().toString().replace("-", "").substring(0, 10) + ".example";
        String body = Json.createObjectBuilder().add("name", name).build().toString();
        Api.Response first = keyed(api, "POST", ZONES + "/create", body, key);
        assertEquals(201, first.status(), first.body());
        Api.Response again = keyed(api, "POST", ZONES + "/create", body, key);
        assertEquals(201, again.status(), again.body());
        assertEquals("true", again.header("Idempotent-Replayed"));
        assertEquals(first.body(), again.body());
        // without the key the same request is a new one, refused as a second zone of that name
        assertEquals(
                409,
                api.send("POST", ZONES + "/create", "application/json", body, Map.of())
                        .status());
    }

    @Test
    void anotherRequestUnderTheKeyIs422AndChangesNothing() {
        String key = newKey();
        assertEquals(
                200,
                keyed(api, "POST", ZONES + "/records/add", addition("a", "192.0.2.1"), key)
                        .status());
        long serial = serial();
        Api.Response otherBody = keyed(api, "POST", ZONES + "/records/add", addition("b", "192.0.2.2"), key);
        assertEquals(422, otherBody.status(), otherBody.body());
        assertEquals(List.of(4227), otherBody.errorCodes());
        Api.Response otherPath = keyed(
                api,
                "DELETE",
                ZONES + "/records/delete",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add(
                                "records",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder().add("name", "a")))
                        .build()
                        .toString(),
                key);
        assertEquals(422, otherPath.status(), otherPath.body());
        assertEquals(0, records("b"));
        assertEquals(1, records("a"));
        assertEquals(serial, serial());
    }

    @Test
    void keysAreTheAccountsOwn() {
        String key = newKey();
        assertEquals(
                200,
                keyed(api, "POST", ZONES + "/records/add", addition("k", "192.0.2.3"), key)
                        .status());
        Api other = Api.at(base).newCustomer().api();
        String otherZone = "io" + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + ".example";
        Api.Response created = keyed(
                other,
                "POST",
                ZONES + "/create",
                Json.createObjectBuilder().add("name", otherZone).build().toString(),
                key);
        assertEquals(201, created.status(), created.body());
        assertNull(created.header("Idempotent-Replayed"));
    }

    @Test
    void aRefusedRequestLeavesNoKey() {
        String key = newKey();
        String invalid = addition("bad", "192.0.2.300");
        Api.Response refused = keyed(api, "POST", ZONES + "/records/add", invalid, key);
        assertEquals(422, refused.status(), refused.body());
        Api.Response again = keyed(api, "POST", ZONES + "/records/add", invalid, key);
        assertEquals(422, again.status());
        assertNull(again.header("Idempotent-Replayed"), "processed afresh, not replayed");
        assertEquals(0, storedKeys(key));
        Api.Response corrected = keyed(api, "POST", ZONES + "/records/add", addition("bad", "192.0.2.30"), key);
        assertEquals(200, corrected.status(), corrected.body());
        assertEquals(1, records("bad"));
    }

    @Test
    void malformedKeysAre400AndTheQuotedFormIsTheBareOne() {
        String body = addition("m", "192.0.2.4");
        for (String bad : List.of("", "with space", "x".repeat(256))) {
            Api.Response refused = keyed(api, "POST", ZONES + "/records/add", body, bad);
            assertEquals(400, refused.status(), bad + ": " + refused.body());
            assertEquals(List.of(4000), refused.errorCodes());
        }
        assertEquals(0, records("m"));
        String key = newKey();
        assertEquals(
                200,
                keyed(api, "POST", ZONES + "/records/add", body, '"' + key + '"')
                        .status());
        Api.Response bare = keyed(api, "POST", ZONES + "/records/add", body, key);
        assertEquals("true", bare.header("Idempotent-Replayed"));
        assertEquals(1, records("m"));
    }

    @Test
    void readsIgnoreTheKey() {
        String key = newKey();
        Api.Response shown = api.send("GET", ZONES + "/show?zone=" + zone, null, null, Map.of("Idempotency-Key", key));
        assertEquals(200, shown.status());
        assertEquals(0, storedKeys(key));
    }

    /**
     * The zone's lock held from here keeps a request running: of two sent at once with one key,
     * whichever arrives second is 409 with Retry-After at once (another request under the key
     * 422), and once the first has answered, a repetition is answered its answer.
     */
    @Test
    void aRequestStillRunningIs409ThenReplayed() throws Exception {
        String key = newKey();
        String body = addition("run", "192.0.2.5");
        java.util.concurrent.ExecutorService senders = java.util.concurrent.Executors.newFixedThreadPool(2);
        try (Connection lock = Database.connect()) {
            lock.setAutoCommit(false);
            holdZone(lock);
            List<java.util.concurrent.Future<Api.Response>> sent = List.of(
                    senders.submit(() -> keyed(api, "POST", ZONES + "/records/add", body, key)),
                    senders.submit(() -> keyed(api, "POST", ZONES + "/records/add", body, key)));
            java.util.concurrent.Future<Api.Response> refusedOne = null;
            for (int i = 0; i < 600 && refusedOne == null; i++) {
                for (var future : sent) {
                    if (future.isDone()) {
                        refusedOne = future;
                    }
                }
                Thread.sleep(50);
            }
            assertTrue(refusedOne != null, "one of the two is refused while the other waits for the zone");
            Api.Response refused = refusedOne.get();
            assertEquals(409, refused.status(), refused.body());
            assertEquals(List.of(4097), refused.errorCodes());
            assertEquals("1", refused.header("Retry-After"));
            Api.Response other = keyed(api, "POST", ZONES + "/records/add", addition("other", "192.0.2.6"), key);
            assertEquals(422, other.status(), other.body());
            lock.rollback();
            var running = sent.get(0) == refusedOne ? sent.get(1) : sent.get(0);
            Api.Response answered = running.get(60, TimeUnit.SECONDS);
            assertEquals(200, answered.status(), answered.body());
            Api.Response replayed = keyed(api, "POST", ZONES + "/records/add", body, key);
            assertEquals(200, replayed.status(), replayed.body());
            assertEquals("true", replayed.header("Idempotent-Replayed"));
            assertEquals(answered.body(), replayed.body());
        } finally {
            senders.shutdownNow();
        }
        assertEquals(1, records("run"));
        assertEquals(0, records("other"));
    }

    /**
     * A key held by a transaction that has not ended (as another instance's request holds it) is
     * waited for briefly, then 409; once that transaction rolled back the key is free.
     */
    @Test
    void aKeyHeldUncommittedElsewhereIs409UntilItIsFree() throws Exception {
        String key = newKey();
        String body = addition("held", "192.0.2.7");
        long account = ((Number) Database.value("SELECT account_id FROM zones WHERE name = ?", zone)).longValue();
        try (Connection other = Database.connect()) {
            other.setAutoCommit(false);
            try (PreparedStatement insert = other.prepareStatement(
                    "INSERT INTO idempotency_keys (account_id, idem_key,"
                            + " fingerprint, created_at, expires_at) VALUES (?, ?, ?, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3) + INTERVAL 1 DAY)")) {
                insert.setLong(1, account);
                insert.setBytes(2, key.getBytes(StandardCharsets.US_ASCII));
                insert.setBytes(3, new byte[32]);
                insert.executeUpdate();
            }
            Api.Response waited = keyed(api, "POST", ZONES + "/records/add", body, key);
            assertEquals(409, waited.status(), waited.body());
            assertEquals("1", waited.header("Retry-After"));
            assertEquals(0, records("held"));
            other.rollback();
        }
        Api.Response carried = keyed(api, "POST", ZONES + "/records/add", body, key);
        assertEquals(200, carried.status(), carried.body());
        assertNull(carried.header("Idempotent-Replayed"));
        assertEquals(1, records("held"));
    }

    @Test
    void anExpiredKeyIsUsedAfresh() {
        String key = newKey();
        String body = addition("exp", "192.0.2.8");
        assertEquals(200, keyed(api, "POST", ZONES + "/records/add", body, key).status());
        Api.Response deleted = api.send(
                "DELETE",
                ZONES + "/records/delete",
                "application/json",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add(
                                "records",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder().add("name", "exp")))
                        .build()
                        .toString(),
                Map.of());
        assertEquals(200, deleted.status());
        Database.update(
                "UPDATE idempotency_keys SET expires_at = UTC_TIMESTAMP(3) - INTERVAL 1 SECOND WHERE idem_key = ?",
                key.getBytes(StandardCharsets.US_ASCII));
        Api.Response afresh = keyed(api, "POST", ZONES + "/records/add", body, key);
        assertEquals(200, afresh.status(), afresh.body());
        assertNull(afresh.header("Idempotent-Replayed"));
        assertEquals(1, records("exp"));
    }

    /**
     * The client's connection is cut after the request was sent and before its answer came (the
     * zone's lock held here until then): the server commits anyway; the client retries with the
     * key, as long as it is told 409, and gets the answer: one record, one serial step, one
     * history entry.
     */
    @Test
    void aConnectionCutAfterTheCommitIsRetriedIntoOneChange() throws Exception {
        String key = newKey();
        String body = addition("cut", "192.0.2.9");
        long serial = serial();
        long history = history();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + ZONES + "/records/add HTTP/1.1\r\nHost: " + base.getHost() + "\r\n"
                + "Authorization: Bearer " + api.token() + "\r\nContent-Type: application/json\r\n"
                + "Idempotency-Key: " + key + "\r\n";
        try (Connection lock = Database.connect()) {
            lock.setAutoCommit(false);
            holdZone(lock);
            // the answer is awaited 300 ms, then the socket is closed: the request is under way, its change not made
            RawHttp.Answer cut = RawHttp.send(base.getHost(), base.getPort(), head, bytes, 300);
            assertTrue(cut.status() <= 0 || cut.status() == 409, "no answer before the cut: " + cut.statusLine());
            lock.rollback();
        }
        Api.Response retried = untilNot(() -> keyed(api, "POST", ZONES + "/records/add", body, key), 409);
        assertEquals(200, retried.status(), retried.body());
        assertEquals(1, records("cut"));
        assertEquals(serial + 1, serial(), "one serial step");
        assertEquals(history + 1, history(), "one history entry");
    }

    private void holdZone(Connection lock) throws Exception {
        try (PreparedStatement select = lock.prepareStatement("SELECT id FROM zones WHERE name = ? FOR UPDATE")) {
            select.setString(1, zone);
            select.executeQuery().close();
        }
    }

    /** Sends until the answer's status is not {@code status} (Retry-After's second between), at most 30 times. */
    private static Api.Response untilNot(java.util.function.Supplier<Api.Response> request, int status)
            throws InterruptedException {
        Api.Response answer = request.get();
        for (int i = 0; i < 30 && answer.status() == status; i++) {
            Thread.sleep(status == 409 ? 1000 : 100);
            answer = request.get();
        }
        return answer;
    }
}
