package net.hostingapi.handles;

import static net.hostingapi.handles.HandleFixtures.created;
import static net.hostingapi.handles.HandleFixtures.person;
import static net.hostingapi.handles.HandleFixtures.uniqueEmail;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.enterprise.inject.spi.CDI;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.naming.InitialContext;
import javax.sql.DataSource;
import net.hostingapi.mail.control.MailOutbox;
import net.hostingapi.platform.database.control.DeadlockRetry;
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
 * Lock races between the service's own transactions stay inside (issue 22, section 3): handle
 * deletion and resend against the mail delivery never answer 409; a delivery skips an outbox row
 * another transaction holds instead of waiting for it; and a transaction that lost a real
 * deadlock is repeated, so its caller sees success.
 */
@ServiceTest
class LockRacesIT {

    private static final String HANDLES = "/api/v1/domain/handles";

    @Deployment
    static WebArchive deployment() {
        return Deployments.service()
                .addClasses(
                        LockRacesIT.class,
                        LockProbe.class,
                        RetriedLockProbe.class,
                        HandleFixtures.class,
                        Api.class,
                        Api.Response.class,
                        Api.Customer.class,
                        Database.class);
    }

    @ArquillianResource
    URL base;

    /**
     * 200 rounds of create, resend and delete, four clients at once, while every mail is being
     * delivered right after its commit: each answer is 2xx, none 409 or 5xx.
     */
    @Test
    @RunAsClient
    void handlesCreatedResentAndDeletedWhileTheirMailsAreDelivered() throws Exception {
        int clients = 4;
        int rounds = 200;
        Map<String, AtomicInteger> statuses = new ConcurrentHashMap<>();
        List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> work = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            work.add(pool.submit(() -> {
                Api api = null;
                for (int round = 0; round < rounds / clients; round++) {
                    if (round % 20 == 0) {
                        api = Api.at(base).newCustomer().api(); // 50 verification mails a day per account
                    }
                    String id = created(api, person(uniqueEmail())).getString("handle");
                    count(statuses, failures, "create", 201, null);
                    // the last mail went less than a minute ago: as if two minutes had passed
                    Database.update(
                            "UPDATE handle_verification_mails m JOIN handles h ON h.id = m.handle_id "
                                    + "SET m.sent_at = m.sent_at - INTERVAL 2 MINUTE WHERE h.handle = ?",
                            id);
                    count(statuses, failures, "resend", 0, api.json("POST", HANDLES + "/verification/resend", ref(id)));
                    count(statuses, failures, "delete", 0, api.json("DELETE", HANDLES + "/delete", ref(id)));
                }
                return null;
            }));
        }
        for (Future<?> f : work) {
            f.get(15, TimeUnit.MINUTES);
        }
        pool.shutdown();
        System.out.println(
                "LockRacesIT: " + rounds + " rounds of create, resend, delete; answers " + new TreeMap<>(statuses));
        assertEquals(List.of(), failures, "every answer 2xx; statuses " + statuses);
        assertEquals(rounds, statuses.get("delete 200").get());
    }

    private static void count(
            Map<String, AtomicInteger> statuses,
            List<String> failures,
            String what,
            int status,
            Api.Response response) {
        int actual = response == null ? status : response.status();
        statuses.computeIfAbsent(what + " " + actual, k -> new AtomicInteger()).incrementAndGet();
        if (actual / 100 != 2) {
            failures.add(what + ": " + response);
        }
    }

    /**
     * A row a withdrawal (here: the test's own transaction) holds is skipped by the delivery's
     * claim at once, not waited for: waiting would block the delivery until the lock wait timed
     * out, and taking row and index locks in opposite orders is what deadlocked before.
     */
    @Test
    void theDeliverySkipsAMailAnotherTransactionHolds() throws Exception {
        DataSource data = (DataSource) new InitialContext().lookup("jdbc/hosting");
        long id;
        try (Connection c = data.getConnection();
                PreparedStatement insert = c.prepareStatement(
                        "INSERT INTO mail_outbox (topic, recipient, subject, body, attempts, next_attempt_at, created_at) "
                                + "VALUES ('lock-races', 'nobody@example.com', 's', 'b', 0, UTC_TIMESTAMP() + INTERVAL 1 HOUR, UTC_TIMESTAMP())",
                        Statement.RETURN_GENERATED_KEYS)) {
            insert.executeUpdate();
            try (ResultSet keys = insert.getGeneratedKeys()) {
                keys.next();
                id = keys.getLong(1);
            }
        }
        MailOutbox outbox = CDI.current().select(MailOutbox.class).get();
        try (Connection holder = data.getConnection()) {
            holder.setAutoCommit(false);
            try (Statement s = holder.createStatement()) {
                s.executeQuery("SELECT id FROM mail_outbox WHERE id = " + id + " FOR UPDATE")
                        .close();
                // due now, but only for this open transaction
                s.executeUpdate(
                        "UPDATE mail_outbox SET next_attempt_at = UTC_TIMESTAMP() - INTERVAL 1 MINUTE WHERE id = "
                                + id);
            }
            assertTrue(outbox.claim(id).isEmpty(), "a held row is skipped");
            holder.rollback();
        }
        assertTrue(outbox.claim(id).isEmpty(), "a mail that is not due is not taken");
        try (Connection c = data.getConnection();
                Statement s = c.createStatement()) {
            ResultSet row = s.executeQuery("SELECT attempts FROM mail_outbox WHERE id = " + id);
            assertTrue(row.next());
            assertEquals(0, row.getInt(1), "no attempt was counted");
            s.executeUpdate("DELETE FROM mail_outbox WHERE id = " + id);
        }
    }

    /**
     * Two transactions lock two rows in opposite orders and meet in between: MariaDB rolls one of
     * them back (1213). Called directly, one caller gets that failure; called as resources call
     * their business methods, the loser's whole transaction is repeated and both succeed.
     */
    @Test
    void aTransactionThatLostADeadlockIsRepeated() throws Exception {
        DataSource data = (DataSource) new InitialContext().lookup("jdbc/hosting");
        try (Connection c = data.getConnection();
                Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE IF NOT EXISTS lock_probe (id INT PRIMARY KEY) ENGINE = InnoDB");
            s.executeUpdate("INSERT IGNORE INTO lock_probe VALUES (1), (2)");
        }
        LockProbe direct = CDI.current().select(LockProbe.class).get();
        List<Throwable> unretried = race(direct::lockInOrder);
        assertEquals(1, unretried.size(), "without the retry one of the two loses: " + unretried);
        assertTrue(DeadlockRetry.lostLockRace(unretried.get(0)), "it lost a deadlock: " + unretried.get(0));
        assertEquals(2, LockProbe.ATTEMPTS.get());

        RetriedLockProbe retried = CDI.current().select(RetriedLockProbe.class).get();
        List<Throwable> failures = race(retried::lockInOrder);
        assertEquals(List.of(), failures, "with the retry both succeed");
        assertEquals(3, LockProbe.ATTEMPTS.get(), "the loser's transaction ran once more");
    }

    interface Locking {
        void lockInOrder(int first, int second) throws Exception;
    }

    /** Runs 1-then-2 and 2-then-1 at once; answers what the two callers got thrown. */
    private static List<Throwable> race(Locking locking) throws Exception {
        LockProbe.ATTEMPTS.set(0);
        LockProbe.meeting = new CyclicBarrier(2);
        ExecutorService two = Executors.newFixedThreadPool(2);
        try {
            Future<?> a = two.submit(() -> {
                locking.lockInOrder(1, 2);
                return null;
            });
            Future<?> b = two.submit(() -> {
                locking.lockInOrder(2, 1);
                return null;
            });
            List<Throwable> thrown = new ArrayList<>();
            for (Future<?> f : List.of(a, b)) {
                try {
                    f.get(2, TimeUnit.MINUTES);
                } catch (java.util.concurrent.ExecutionException e) {
                    thrown.add(e.getCause());
                }
            }
            return thrown;
        } finally {
            two.shutdown();
            LockProbe.meeting = null;
        }
    }

    private static JsonObject ref(String handle) {
        return Json.createObjectBuilder().add("handle", handle).build();
    }
}
