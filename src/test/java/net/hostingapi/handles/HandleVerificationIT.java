package net.hostingapi.handles;

import static net.hostingapi.handles.HandleFixtures.created;
import static net.hostingapi.handles.HandleFixtures.person;
import static net.hostingapi.handles.HandleFixtures.show;
import static net.hostingapi.handles.HandleFixtures.uniqueEmail;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.net.URI;
import java.net.URL;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import net.hostingapi.support.Api;
import net.hostingapi.support.Database;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.GreenMailExtension;
import net.hostingapi.support.Mailbox;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * E-mail verification end to end against a real SMTP server (GreenMail, see ServiceTest): the
 * mail arrives through the container's mail session with the configured credentials, its link
 * verifies, links are single-use and replaced by resend, resend is rate-limited, deadlines
 * expire, and a mail server that is down delays the mail without losing it or the handle.
 */
@ServiceTest
@RunAsClient
class HandleVerificationIT {

    private static final String HANDLES = "/api/v1/domain/handles";
    /** PUBLIC_BASE_URL as failsafe sets it, and the public confirm path below it. */
    private static final String LINK_PREFIX =
            System.getenv("PUBLIC_BASE_URL") + HANDLES + "/verification/confirm?token=";

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Test
    void theMailedLinkVerifiesTheAddressOnce() throws Exception {
        Api api = Api.at(base).newCustomer().api();
        String email = uniqueEmail();
        String id = created(api, person(email)).getString("handle");

        MimeMessage mail = Mailbox.await(email, 1).get(0);
        assertEquals(new InternetAddress(System.getenv("MAIL_FROM")), mail.getFrom()[0]);
        assertTrue(mail.getSubject().contains(id), mail.getSubject());
        assertTrue(Mailbox.text(mail).contains("Erika Mustermann"));
        String link = Mailbox.link(mail, LINK_PREFIX);
        assertTrue(link.matches(".*token=[A-Za-z0-9_-]{43}"), link);

        Api.Response confirmed = follow(link);
        assertEquals(200, confirmed.status(), confirmed.body());
        assertEquals(List.of(2024), successCodes(confirmed));
        JsonObject verification = confirmed.data().getJsonObject("verification");
        assertEquals(id, verification.getString("handle"));
        assertEquals("VERIFIED", verification.getString("state"));

        JsonObject handle = show(api, id);
        assertEquals("VERIFIED", handle.getJsonObject("verification").getString("state"));
        assertFalse(handle.getJsonObject("verification").isNull("verified_at"));
        assertEquals(
                1,
                api.get(HANDLES + "/statistics")
                        .data()
                        .getJsonObject("statistics")
                        .getJsonObject("by_verification_state")
                        .getInt("VERIFIED"));

        Api.Response again = follow(link);
        assertEquals(404, again.status(), "single use: " + again.body());
        assertEquals(List.of(4042), again.errorCodes());

        Api.Response resend = api.json("POST", HANDLES + "/verification/resend", ref(id));
        assertEquals(409, resend.status(), resend.body());
        assertEquals(List.of(4096), resend.errorCodes());
        Api.Response refreshed = api.json("POST", HANDLES + "/verification/refresh", ref(id));
        assertEquals(
                "VERIFIED",
                refreshed
                        .data()
                        .getJsonObject("handle")
                        .getJsonObject("verification")
                        .getString("state"));
    }

    @Test
    void resendReplacesTheLinkAndIsRateLimited() {
        Api api = Api.at(base).newCustomer().api();
        String email = uniqueEmail();
        String id = created(api, person(email)).getString("handle");
        String first = Mailbox.link(Mailbox.await(email, 1).get(0), LINK_PREFIX);

        Api.Response tooSoon = api.json("POST", HANDLES + "/verification/resend", ref(id));
        assertEquals(429, tooSoon.status(), "a mail went less than a minute ago: " + tooSoon.body());
        assertEquals(List.of(4292), tooSoon.errorCodes());
        long retryAfter = Long.parseLong(tooSoon.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 60, "Retry-After " + retryAfter);

        ageSends(id, 2);
        Api.Response resent = api.json("POST", HANDLES + "/verification/resend", ref(id));
        assertEquals(200, resent.status(), resent.body());
        assertEquals(List.of(2023), successCodes(resent));
        assertEquals(
                "PENDING",
                resent.data()
                        .getJsonObject("handle")
                        .getJsonObject("verification")
                        .getString("state"));
        String second = Mailbox.link(Mailbox.await(email, 2).get(1), LINK_PREFIX);
        assertNotEquals(first, second);

        Api.Response old = follow(first);
        assertEquals(404, old.status(), "the older link stopped working: " + old.body());
        assertEquals(List.of(4042), old.errorCodes());
        assertEquals("PENDING", show(api, id).getJsonObject("verification").getString("state"));
        assertEquals(200, follow(second).status());
        assertEquals("VERIFIED", show(api, id).getJsonObject("verification").getString("state"));
    }

    @Test
    void tenMailsADayAreTheMost() {
        Api api = Api.at(base).newCustomer().api();
        String id = created(api, person(uniqueEmail())).getString("handle");
        long handleId = handleId(id);
        ageSends(id, 120);
        for (int hours = 3; hours <= 11; hours++) {
            Database.update(
                    "INSERT INTO handle_verification_mails (handle_id, account_id, recipient_hash, sent_at) "
                            + "SELECT handle_id, account_id, recipient_hash, UTC_TIMESTAMP() - INTERVAL ? HOUR "
                            + "FROM handle_verification_mails WHERE handle_id = ? LIMIT 1",
                    hours,
                    handleId);
        }
        Api.Response limited = api.json("POST", HANDLES + "/verification/resend", ref(id));
        assertEquals(429, limited.status(), "ten in the last day: " + limited.body());
        long retryAfter = Long.parseLong(limited.header("Retry-After"));
        assertTrue(
                retryAfter > 12 * 3600 && retryAfter <= 13 * 3600,
                "until the oldest (11 h ago) is a day old: " + retryAfter);

        Database.update(
                "UPDATE handle_verification_mails SET sent_at = UTC_TIMESTAMP() - INTERVAL 25 HOUR "
                        + "WHERE handle_id = ? ORDER BY sent_at LIMIT 1",
                handleId);
        assertEquals(
                200, api.json("POST", HANDLES + "/verification/resend", ref(id)).status(), "nine in the last day");
    }

    @Test
    void aPendingHandlePastItsDeadlineExpiresOnRefresh() {
        Api api = Api.at(base).newCustomer().api();
        String email = uniqueEmail();
        String id = created(api, person(email)).getString("handle");
        String link = Mailbox.link(Mailbox.await(email, 1).get(0), LINK_PREFIX);

        Api.Response pending = api.json("POST", HANDLES + "/verification/refresh", ref(id));
        assertEquals(200, pending.status(), pending.body());
        assertEquals(List.of(2025), successCodes(pending));
        assertEquals(
                "PENDING",
                pending.data()
                        .getJsonObject("handle")
                        .getJsonObject("verification")
                        .getString("state"));

        Database.update(
                "UPDATE handles SET verification_deadline = UTC_TIMESTAMP() - INTERVAL 1 HOUR WHERE handle = ?", id);
        Api.Response expired = api.json(
                "POST",
                HANDLES + "/verification/refresh",
                Json.createObjectBuilder().add("handle", id).build());
        assertEquals(200, expired.status(), expired.body());
        assertEquals(
                "EXPIRED",
                expired.data()
                        .getJsonObject("handle")
                        .getJsonObject("verification")
                        .getString("state"));
        assertEquals("EXPIRED", show(api, id).getJsonObject("verification").getString("state"), "stored");
        assertEquals(
                1,
                api.get(HANDLES + "/statistics")
                        .data()
                        .getJsonObject("statistics")
                        .getJsonObject("by_verification_state")
                        .getInt("EXPIRED"));

        Api.Response late = follow(link);
        assertEquals(409, late.status(), late.body());
        assertEquals(List.of(4095), late.errorCodes());

        ageSends(id, 2);
        Api.Response resent = api.json("POST", HANDLES + "/verification/resend", ref(id));
        assertEquals(200, resent.status(), resent.body());
        JsonObject verification = resent.data().getJsonObject("handle").getJsonObject("verification");
        assertEquals("PENDING", verification.getString("state"), "a fresh link starts over");
        assertTrue(LocalDateTime.parse(verification.getString("deadline"), TIMESTAMP)
                .isAfter(LocalDateTime.now(ZoneOffset.UTC).plusDays(14)));
        assertEquals(
                200,
                follow(Mailbox.link(Mailbox.await(email, 2).get(1), LINK_PREFIX))
                        .status());
    }

    @Test
    void aNewAddressIsVerifiedAnew() {
        Api api = Api.at(base).newCustomer().api();
        String email = uniqueEmail();
        JsonObject handle = created(api, person(email));
        String id = handle.getString("handle");
        String oldLink = Mailbox.link(Mailbox.await(email, 1).get(0), LINK_PREFIX);
        assertEquals(200, follow(oldLink).status());

        Api.Response sameAddress = api.json(
                "POST",
                HANDLES + "/edit",
                Json.createObjectBuilder(show(api, id)).add("city", "Bonn").build());
        assertEquals(200, sameAddress.status(), sameAddress.body());
        assertEquals(
                "VERIFIED",
                sameAddress
                        .data()
                        .getJsonObject("handle")
                        .getJsonObject("verification")
                        .getString("state"),
                "an unchanged address stays verified");

        String newEmail = uniqueEmail();
        Api.Response moved = api.json(
                "POST",
                HANDLES + "/edit",
                Json.createObjectBuilder(show(api, id)).add("email", newEmail).build());
        assertEquals(200, moved.status(), moved.body());
        JsonObject verification = moved.data().getJsonObject("handle").getJsonObject("verification");
        assertEquals("PENDING", verification.getString("state"));
        assertTrue(verification.isNull("verified_at"));
        MimeMessage mail = Mailbox.await(newEmail, 1).get(0);
        assertEquals(200, follow(Mailbox.link(mail, LINK_PREFIX)).status());
        assertEquals("VERIFIED", show(api, id).getJsonObject("verification").getString("state"));
        assertEquals(1, Mailbox.to(email).size(), "nothing more to the old address");
    }

    @Test
    void aMailServerThatIsDownDelaysTheMailButLosesNothing() {
        Api api = Api.at(base).newCustomer().api();
        String email = uniqueEmail();
        String id;
        GreenMailExtension.stop();
        try {
            Api.Response response =
                    api.json("POST", HANDLES + "/create", person(email).build());
            assertEquals(201, response.status(), "the handle does not depend on the mail server: " + response.body());
            id = response.data().getJsonObject("handle").getString("handle");
            String topic = "handle-verification:" + id;
            awaitTrue(
                    () -> Database.count(
                                    "SELECT COUNT(*) FROM mail_outbox WHERE topic = ? AND attempts >= 1 AND last_error IS NOT NULL",
                                    topic)
                            == 1,
                    "a failed attempt recorded in the outbox");
            assertEquals(
                    1,
                    Database.count(
                            "SELECT COUNT(*) FROM mail_outbox WHERE topic = ? "
                                    + "AND next_attempt_at > UTC_TIMESTAMP() + INTERVAL 5 SECOND",
                            topic),
                    "backing off");
        } finally {
            GreenMailExtension.start();
        }
        assertEquals("PENDING", show(api, id).getJsonObject("verification").getString("state"));
        // Instead of waiting out the backoff: make the mail due now; the delivery timer picks it up.
        Database.update(
                "UPDATE mail_outbox SET next_attempt_at = UTC_TIMESTAMP() - INTERVAL 1 SECOND WHERE topic = ?",
                "handle-verification:" + id);
        MimeMessage mail = Mailbox.await(email, 1).get(0);
        assertEquals(200, follow(Mailbox.link(mail, LINK_PREFIX)).status());
        awaitTrue(
                () -> Database.count("SELECT COUNT(*) FROM mail_outbox WHERE topic = ?", "handle-verification:" + id)
                        == 0,
                "a delivered mail leaves the outbox");
    }

    @Test
    void confirmNeedsAKnownToken() {
        Api anonymous = Api.at(base);
        Api.Response missing = anonymous.get(HANDLES + "/verification/confirm");
        assertEquals(422, missing.status(), missing.body());
        assertEquals(List.of("token"), missing.errorFields());
        Api.Response unknown = anonymous.get(HANDLES + "/verification/confirm?token=" + "x".repeat(43));
        assertEquals(404, unknown.status(), unknown.body());
        assertEquals(List.of(4042), unknown.errorCodes());
        Api.Response posted = anonymous.form("POST", HANDLES + "/verification/confirm", "token=" + "y".repeat(43));
        assertEquals(404, posted.status(), posted.body());
    }

    @Test
    void deletingAHandleWithdrawsItsUndeliveredMailAndItsLink() {
        Api api = Api.at(base).newCustomer().api();
        String email = uniqueEmail();
        String id = created(api, person(email)).getString("handle");
        String link = Mailbox.link(Mailbox.await(email, 1).get(0), LINK_PREFIX);
        assertEquals(200, api.json("DELETE", HANDLES + "/delete", ref(id)).status());
        assertEquals(
                0, Database.count("SELECT COUNT(*) FROM mail_outbox WHERE topic = ?", "handle-verification:" + id));
        assertEquals(
                0,
                Database.count(
                        "SELECT COUNT(*) FROM handle_verification_mails m LEFT JOIN handles h ON h.id = m.handle_id "
                                + "WHERE h.id IS NULL AND m.handle_id IS NOT NULL"),
                "the mail stays counted for the account, but no longer names the handle");
        assertEquals(404, follow(link).status());
        assertNull(Database.value("SELECT id FROM handles WHERE handle = ?", id));
    }

    /**
     * Handle creation mails any address: the mail's subject and opening are the service's own words
     * (what this is, what to do, the link); names the account typed in come after, as data.
     */
    @Test
    void theMailOpensWithTheServicesOwnWordsOnly() {
        Api api = Api.at(base).newCustomer().api();
        String email = uniqueEmail();
        String firstname = "Your mailbox is full";
        String lastname = "Call +1 555 0100 or log in at bank-login.example to keep it";
        String id = created(api, person(email).add("firstname", firstname).add("lastname", lastname))
                .getString("handle");

        MimeMessage mail = Mailbox.await(email, 1).get(0);
        String subject = subject(mail);
        String text = Mailbox.text(mail);
        String link = Mailbox.link(mail, LINK_PREFIX);
        String opening = text.substring(0, text.indexOf(link) + link.length());
        for (String typed : List.of(firstname, lastname, "mailbox", "bank-login", "555")) {
            assertFalse(subject.contains(typed), "subject: " + subject);
            assertFalse(opening.contains(typed), "the opening up to the link holds caller text: " + opening);
        }
        assertTrue(subject.contains(id), subject);
        assertTrue(
                text.substring(opening.length()).contains(firstname + " " + lastname),
                "the name, later, as data: " + text);
    }

    /** VERIFICATION_MAILS_PER_ACCOUNT_PER_DAY (50): the 51st handle of a day is refused and not stored. */
    @Test
    void fiftyVerificationMailsADayPerAccount() {
        Api api = Api.at(base).newCustomer().api();
        String last = null;
        for (int i = 0; i < 50; i++) {
            last = created(api, person(uniqueEmail())).getString("handle");
        }
        String email = uniqueEmail();
        Api.Response refused =
                api.json("POST", HANDLES + "/create", person(email).build());
        assertMailLimit(refused);
        assertEquals(50, api.get(HANDLES).data().getJsonArray("handles").size(), "nothing stored");

        Api.Response moved = api.json(
                "POST",
                HANDLES + "/edit",
                Json.createObjectBuilder(show(api, last)).add("email", email).build());
        assertMailLimit(moved);
        assertNotEquals(email, show(api, last).getString("email"), "nothing changed");

        Api other = Api.at(base).newCustomer().api();
        created(other, person(email));
        assertEquals(1, Mailbox.await(email, 1).size(), "another account is not limited by this one");
    }

    /**
     * VERIFICATION_MAILS_PER_RECIPIENT_PER_DAY (10 in VERIFICATION_RECIPIENT_WINDOW, a day; 20 s
     * here): one address gets at most ten, from all accounts together. One account filling them
     * refuses nothing to another: its handle is created, its first resend sent, its mail held back
     * with a warning and delivered when the window allows. The account that filled them is refused
     * its own eleventh.
     */
    @Test
    void anAddressFilledByOneAccountHoldsBackAnothersMailButRefusesItNothing() {
        String email = uniqueEmail();
        Api first = Api.at(base).newCustomer().api();
        for (int i = 0; i < 10; i++) {
            created(first, person(email));
        }
        assertEquals(10, Mailbox.await(email, 10).size());
        fillWindow(email);

        Api.Response own = first.json("POST", HANDLES + "/create", person(email).build());
        assertEquals(429, own.status(), "the account's own eleventh to the address: " + own.body());
        assertEquals(List.of(4293), own.errorCodes());
        long retryAfter = Long.parseLong(own.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 20, "until its oldest leaves the window: " + retryAfter);

        Api second = Api.at(base).newCustomer().api();
        Api.Response created =
                second.json("POST", HANDLES + "/create", person(email).build());
        assertEquals(201, created.status(), "another account's create is never refused: " + created.body());
        assertEquals(List.of(3030), created.warningCodes(), created.body());
        String id = created.data().getJsonObject("handle").getString("handle");
        JsonObject verification = created.data().getJsonObject("handle").getJsonObject("verification");
        assertEquals("PENDING", verification.getString("state"));
        LocalDateTime sentAt = LocalDateTime.parse(verification.getString("sent_at"), TIMESTAMP);
        assertTrue(sentAt.isAfter(LocalDateTime.now(ZoneOffset.UTC)), "held back: goes at " + sentAt);
        assertEquals(
                sentAt.plusDays(15),
                LocalDateTime.parse(verification.getString("deadline"), TIMESTAMP),
                "the link's days start when it goes");
        assertEquals(10, Mailbox.to(email).size(), "not yet");

        MimeMessage held = Mailbox.await(email, 11).get(10);
        assertTrue(subject(held).contains(id), "the held mail is the second account's: " + subject(held));

        // The first resend, the address filled again by the first account: sent later, not refused.
        fillWindow(email);
        ageSends(id, 2);
        Api.Response resent = second.json("POST", HANDLES + "/verification/resend", ref(id));
        assertEquals(200, resent.status(), "the first resend is not refused for others' mails: " + resent.body());
        assertEquals(List.of(3030), resent.warningCodes(), resent.body());
        MimeMessage fresh = Mailbox.await(email, 12).get(11);
        assertEquals(404, follow(Mailbox.link(held, LINK_PREFIX)).status(), "the resend replaced the held link");
        assertEquals(200, follow(Mailbox.link(fresh, LINK_PREFIX)).status());
        assertEquals("VERIFIED", show(second, id).getJsonObject("verification").getString("state"));

        // An edit moving a handle to the filled address is not refused either.
        fillWindow(email);
        Api third = Api.at(base).newCustomer().api();
        String moved = created(third, person(uniqueEmail())).getString("handle");
        Api.Response edited = third.json(
                "POST",
                HANDLES + "/edit",
                Json.createObjectBuilder(show(third, moved)).add("email", email).build());
        assertEquals(200, edited.status(), edited.body());
        assertTrue(edited.warningCodes().contains(3030), edited.body());
        assertEquals(email, show(third, moved).getString("email"));
    }

    /** The address's mails so far as if they had all just gone: its window is full for another 20 s. */
    private static void fillWindow(String email) {
        Database.update(
                "UPDATE handle_verification_mails SET sent_at = UTC_TIMESTAMP(), deliver_at = UTC_TIMESTAMP() "
                        + "WHERE recipient_hash = SHA2(LOWER(?), 256) AND deliver_at IS NOT NULL "
                        + "AND deliver_at <= UTC_TIMESTAMP()",
                email);
    }

    private static void assertMailLimit(Api.Response response) {
        assertEquals(429, response.status(), response.body());
        assertEquals(List.of(4293), response.errorCodes());
        long retryAfter = Long.parseLong(response.header("Retry-After"));
        assertTrue(
                retryAfter > 23 * 3600 && retryAfter <= 24 * 3600, "until the oldest mail is a day old: " + retryAfter);
    }

    private static String subject(MimeMessage mail) {
        try {
            return mail.getSubject();
        } catch (jakarta.mail.MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- helpers ---------------------------------------------------------------------------------------

    /** Follows a mailed link: its path and query on the container's actual address (PUBLIC_BASE_URL is a test name). */
    private Api.Response follow(String link) {
        URI uri = URI.create(link);
        return Api.at(base).get(uri.getRawPath() + "?" + uri.getRawQuery());
    }

    /** Moves the handle's verification mails {@code minutes} into the past, as if time had passed. */
    private static void ageSends(String handle, int minutes) {
        Database.update(
                "UPDATE handle_verification_mails m JOIN handles h ON h.id = m.handle_id "
                        + "SET m.sent_at = m.sent_at - INTERVAL ? MINUTE WHERE h.handle = ?",
                minutes,
                handle);
    }

    private static long handleId(String handle) {
        return ((Number) Database.value("SELECT id FROM handles WHERE handle = ?", handle)).longValue();
    }

    private static JsonObject ref(String handle) {
        return Json.createObjectBuilder().add("handle", handle).build();
    }

    private static List<Integer> successCodes(Api.Response response) {
        return response
                .envelope()
                .getJsonObject("messages")
                .getJsonArray("success")
                .getValuesAs(JsonObject.class)
                .stream()
                .map(m -> m.getInt("code"))
                .toList();
    }

    /** Waits for something the service does after answering (delivery runs after commit). */
    private static void awaitTrue(java.util.function.BooleanSupplier condition, String what) {
        long deadline = System.currentTimeMillis() + 90_000;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("never happened: " + what);
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
