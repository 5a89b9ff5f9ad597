package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import java.net.URL;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.hostingapi.support.Api;
import net.hostingapi.support.Database;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/** What an operator alerts on, read from {@code /metrics} in Prometheus text after the requests that move it. */
@ServiceTest
@RunAsClient
class MetricsIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Test
    void requestsAreCountedByOperationAndStatusWithTheirDurations() {
        Api api = Api.at(base);
        Api.Customer customer = api.newCustomer();
        String zone = customer.username() + ".example";
        double before = value(metrics(), "http_server_requests_count", "POST /api/v1/dns/zones/create", "201");
        for (int i = 0; i < 3; i++) {
            assertEquals(
                    201,
                    customer.api()
                            .json(
                                    "POST",
                                    "/api/v1/dns/zones/create",
                                    Json.createObjectBuilder()
                                            .add("name", i + zone)
                                            .build())
                            .status());
        }
        String text = metrics();
        assertEquals(
                before + 3, value(text, "http_server_requests_count", "POST /api/v1/dns/zones/create", "201"), 0.0);
        assertTrue(
                value(text, "http_server_requests_sum", "POST /api/v1/dns/zones/create", "201") > 0,
                "durations add up");
        assertTrue(
                value(
                                api.get("/no/such/path").status() == 404 ? metrics() : "",
                                "http_server_requests_count",
                                "unmatched",
                                "404")
                        >= 1,
                "unknown paths count as unmatched");
    }

    @Test
    void failedAuthenticationsAndRefusalsByTheirLimiterAreCounted() {
        Api intruder = Api.at(base).withToken("no-such-token-" + System.nanoTime());
        double failedBefore = plain(metrics(), "authentication_failures_total");
        int refused = 0;
        for (int i = 0; i < 40 && refused == 0; i++) {
            int status = intruder.get("/api/v1/account/permissions").status();
            refused += status == 429 ? 1 : 0;
        }
        String text = metrics();
        assertTrue(plain(text, "authentication_failures_total") > failedBefore, text);
        assertTrue(refused > 0, "the failed-authentication limit answered 429");
        assertTrue(plain(text, "rate_limited_requests_total{limiter=\"TOO_MANY_FAILED_AUTHENTICATIONS\"") >= 1, text);
    }

    @Test
    void outboxBacklogsAreReadFromTheDatabase() {
        // -1: the query failed; -2: no such gauge.
        String text = metrics();
        for (String gauge : List.of(
                "nameserver_outbox_backlog",
                "nameserver_outbox_failing",
                "nameserver_outbox_oldest_age_seconds",
                "mail_outbox_backlog",
                "mail_outbox_failing",
                "mail_outbox_oldest_age_seconds",
                "nameserver_publication_failures_total",
                "mail_delivery_failures_total")) {
            assertTrue(plain(text, gauge) >= 0, gauge + " is read from the database: " + text);
        }
    }

    /**
     * Requests waiting on a zone's row lock each hold a pool connection: while the test holds the
     * lock, the in-use gauge counts them; once it lets go, they complete and the connections return.
     */
    @Test
    void connectionPoolUsageCountsConnectionsHeldByRequests() throws Exception {
        Api.Customer customer = Api.at(base).newCustomer();
        String zone = customer.username() + ".example";
        assertEquals(
                201,
                customer.api()
                        .json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder().add("name", zone).build())
                        .status());
        String idle = metrics();
        assertTrue(pool(idle, "connection_pool_max_size") >= 8, idle);
        assertTrue(pool(idle, "connection_pool_waiting") == 0, idle);
        int writers = 4;
        ExecutorService threads = Executors.newFixedThreadPool(writers);
        List<Future<Integer>> answers = new ArrayList<>();
        double heldInUse;
        try (Connection lock = Database.connect()) {
            lock.setAutoCommit(false);
            try (PreparedStatement select = lock.prepareStatement("SELECT id FROM zones WHERE name = ? FOR UPDATE")) {
                select.setString(1, zone);
                select.executeQuery().close();
            }
            for (int i = 0; i < writers; i++) {
                String name = "w" + i;
                answers.add(threads.submit(() -> customer.api()
                        .json(
                                "POST",
                                "/api/v1/dns/zones/records/add",
                                Json.createObjectBuilder()
                                        .add("zone", zone)
                                        .add(
                                                "records",
                                                Json.createArrayBuilder()
                                                        .add(Json.createObjectBuilder()
                                                                .add("name", name)
                                                                .add("type", "A")
                                                                .add("data", "192.0.2.1")))
                                        .build())
                        .status()));
            }
            // Wait (well below the service's lock and socket timeouts) until every writer holds its connection.
            heldInUse = 0;
            for (int i = 0; i < 100 && heldInUse < writers; i++) {
                heldInUse = pool(metrics(), "connection_pool_in_use");
                Thread.sleep(20);
            }
            lock.rollback();
        }
        for (Future<Integer> answer : answers) {
            assertEquals(200, answer.get(30, TimeUnit.SECONDS));
        }
        threads.shutdown();
        assertTrue(heldInUse >= writers, "in use while the writers wait: " + heldInUse);
        double after = writers;
        for (int i = 0; i < 100 && after >= writers; i++) {
            after = pool(metrics(), "connection_pool_in_use");
            Thread.sleep(20);
        }
        assertTrue(after >= 0 && after < writers, "returned to the pool: " + after);
    }

    @Test
    void healthMetricsAndUnknownPathsCarryARequestIdAndAreCounted() {
        Api api = Api.at(base);
        for (String path : List.of("/health", "/health/live", "/metrics", "/no/such/path")) {
            Api.Response answer = api.get(path);
            assertTrue(
                    answer.header("X-Request-Id") != null
                            && answer.header("X-Request-Id").matches("[0-9a-f-]{36}"),
                    path + " answered " + answer.status() + " with " + answer.headers());
        }
        assertTrue(api.get("/health").body().contains("\"database\""), "Payara's health document, passed on");
        assertTrue(
                value(metrics(), "http_server_requests_count", "GET /health/*", "200")
                                + value(metrics(), "http_server_requests_count", "GET /health", "200")
                        >= 1,
                "counted as an operation of its own");
    }

    private String metrics() {
        Api.Response response = Api.at(base).get("/metrics");
        assertEquals(200, response.status());
        return response.body();
    }

    /** The value of the gauge {@code name} of the service's pool; -2 if absent. */
    private static double pool(String text, String name) {
        for (String line : text.split("\n")) {
            if (line.startsWith(name + "{") && line.contains("pool=\"HostingPool\"")) {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return -2;
    }

    /** The value of the series of {@code name} with the given operation and status labels; 0 if absent. */
    private static double value(String text, String name, String operation, String status) {
        for (String line : text.split("\n")) {
            if (line.startsWith(name + "{")
                    && line.contains("operation=\"" + operation + "\"")
                    && line.contains("status=\"" + status + "\"")) {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return 0;
    }

    /** The value of the first series whose line starts with {@code prefix} (a name, or a name and its first labels); -2 if absent. */
    private static double plain(String text, String prefix) {
        Matcher line = Pattern.compile(
                        "^" + Pattern.quote(prefix) + "[{ ].*?([-0-9.eE+]+|NaN)$|^" + Pattern.quote(prefix)
                                + ".*? ([-0-9.eE+]+)$",
                        Pattern.MULTILINE)
                .matcher(text);
        if (!line.find()) {
            return -2;
        }
        String value = line.group(1) != null ? line.group(1) : line.group(2);
        return Double.parseDouble(value);
    }
}
