package net.hostingapi.accounts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.enterprise.inject.spi.CDI;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.net.URL;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;
import javax.naming.InitialContext;
import javax.sql.DataSource;
import net.hostingapi.accounts.control.TokenAuthentication;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.support.Api;
import net.hostingapi.support.Database;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.TSIG;
import org.xbill.DNS.Update;

/**
 * TSIG keys of tokens (issue 58, section 1): asked for at creation or update, answered once,
 * listed by name and algorithm, stored sealed; and, inside the service, the lookup the DNS
 * listener will call, which acts as the token and refuses it as token authentication does.
 */
@ServiceTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TsigKeysIT {

    private static final String TOKENS = "/api/v1/account/users/tokens";

    @Deployment
    static WebArchive deployment() {
        return Deployments.service()
                .addClasses(TsigKeysIT.class, Api.class, Api.Response.class, Api.Customer.class, Database.class);
    }

    @ArquillianResource
    URL base;

    @Test
    @RunAsClient
    void aKeyIsAnsweredOnceThenNamedWithoutItsSecret() {
        Api owner = Api.at(base).newCustomer().api();
        JsonObject issued = created(owner, Json.createObjectBuilder().add("tsig_algorithm", "hmac-sha512"));
        long id = issued.getJsonNumber("id").longValue();
        JsonObject tsig = issued.getJsonObject("tsig");
        String name = tsig.getString("name");
        assertTrue(name.matches("token-" + id + "-[0-9a-f]{10}\\.tsig"), name);
        assertEquals("hmac-sha512", tsig.getString("algorithm"));
        byte[] secret = Base64.getDecoder().decode(tsig.getString("secret"));
        assertEquals(64, secret.length, "the algorithm's output length");

        JsonObject shown = owner.get(TOKENS + "/" + id).data().getJsonObject("token");
        assertEquals(
                Json.createObjectBuilder()
                        .add("name", name)
                        .add("algorithm", "hmac-sha512")
                        .build(),
                shown.getJsonObject("tsig"));
        String listed = owner.get(TOKENS + "/tokens").body();
        assertTrue(listed.contains(name), listed);
        assertFalse(listed.contains(tsig.getString("secret")), "never shown again");
        assertFalse(shown.toString().contains(tsig.getString("secret")));

        // Stored sealed: the row holds neither the secret nor its base64.
        byte[] stored = (byte[]) Database.value("SELECT tsig_secret FROM api_tokens WHERE id = ?", id);
        assertNotNull(stored);
        assertFalse(HexFormat.of().formatHex(stored).contains(HexFormat.of().formatHex(secret)));
        assertFalse(
                new String(stored, java.nio.charset.StandardCharsets.ISO_8859_1).contains(tsig.getString("secret")));
        assertEquals(name, Database.value("SELECT tsig_name FROM api_tokens WHERE id = ?", id));

        // A token without a key: tsig null.
        JsonObject plain = created(owner, Json.createObjectBuilder());
        assertTrue(plain.isNull("tsig"), plain.toString());
        assertTrue(owner.get(TOKENS + "/" + plain.getJsonNumber("id"))
                .data()
                .getJsonObject("token")
                .isNull("tsig"));
    }

    @Test
    @RunAsClient
    void anUpdateGivesAKeyToATokenWithoutOne() {
        Api owner = Api.at(base).newCustomer().api();
        long id = created(owner, Json.createObjectBuilder()).getJsonNumber("id").longValue();

        Api.Response unknown = owner.json(
                "PUT",
                TOKENS + "/" + id + "/update",
                Json.createObjectBuilder().add("tsig_algorithm", "hmac-md5").build());
        assertEquals(422, unknown.status(), unknown.body());
        assertTrue(unknown.body().contains("tsig_algorithm"), unknown.body());
        assertTrue(
                unknown.body().contains("hmac-sha256, hmac-sha512, hmac-sha384, hmac-sha224, hmac-sha1"),
                unknown.body());
        assertTrue(owner.get(TOKENS + "/" + id).data().getJsonObject("token").isNull("tsig"), "nothing stored");

        Api.Response given = owner.json(
                "PUT",
                TOKENS + "/" + id + "/update",
                Json.createObjectBuilder()
                        .add("tsig_algorithm", "HMAC-SHA256")
                        .add("max_unused_days", 30)
                        .build());
        assertEquals(200, given.status(), given.body());
        JsonObject token = given.data().getJsonObject("token");
        assertEquals(30, token.getInt("max_unused_days"));
        assertFalse(token.containsKey("token"), "no token text in an update's answer");
        JsonObject tsig = token.getJsonObject("tsig");
        assertEquals("hmac-sha256", tsig.getString("algorithm"));
        assertEquals(32, Base64.getDecoder().decode(tsig.getString("secret")).length);

        Api.Response again = owner.json(
                "PUT",
                TOKENS + "/" + id + "/update",
                Json.createObjectBuilder().add("tsig_algorithm", "hmac-sha1").build());
        assertEquals(409, again.status(), again.body());
        assertTrue(again.body().contains(tsig.getString("name")), again.body());
        Api.Response policyOnly = owner.json(
                "PUT",
                TOKENS + "/" + id + "/update",
                Json.createObjectBuilder().add("max_unused_days", 40).build());
        assertEquals(200, policyOnly.status(), policyOnly.body());
        assertEquals(
                Json.createObjectBuilder()
                        .add("name", tsig.getString("name"))
                        .add("algorithm", "hmac-sha256")
                        .build(),
                policyOnly.data().getJsonObject("token").getJsonObject("tsig"),
                "the key stays, its secret is not shown again");

        Api.Response badCreate = owner.json(
                "POST",
                TOKENS + "/create",
                Json.createObjectBuilder().add("tsig_algorithm", "sha256").build());
        assertEquals(422, badCreate.status(), badCreate.body());
        assertTrue(badCreate.body().contains("tsig_algorithm"), badCreate.body());

        // Another account's token is not found, key or not.
        Api stranger = Api.at(base).newCustomer().api();
        Api.Response foreign = stranger.json(
                "PUT",
                TOKENS + "/" + id + "/update",
                Json.createObjectBuilder().add("tsig_algorithm", "hmac-sha1").build());
        assertEquals(404, foreign.status(), foreign.body());
    }

    /**
     * For {@link #theKeyActsAsItsTokenAndIsRefusedLikeIt}, which runs inside the service and cannot
     * reach its HTTP port (Payara Micro picks one): two keyed tokens as answered, handed over in a
     * table of the test's own.
     */
    @Test
    @Order(1)
    @RunAsClient
    void keysIssuedForTheListener() {
        Api owner = Api.at(base).newCustomer().api();
        JsonObject issued = created(
                owner,
                Json.createObjectBuilder()
                        .add(
                                "rights",
                                Json.createArrayBuilder().add("DNS_ZONES_LIST").add("DNS_ZONES_CRUD"))
                        .add("subnets", Json.createArrayBuilder().add("192.0.2.0/24"))
                        .add("tsig_algorithm", "hmac-sha256"));
        JsonObject second = created(owner, Json.createObjectBuilder().add("tsig_algorithm", "hmac-sha256"));
        Database.update("CREATE TABLE IF NOT EXISTS tsig_probe (token_id BIGINT PRIMARY KEY, user VARCHAR(64),"
                + " name VARCHAR(255), secret VARCHAR(128))");
        Database.update("DELETE FROM tsig_probe");
        for (JsonObject token : java.util.List.of(issued, second)) {
            Database.update(
                    "INSERT INTO tsig_probe VALUES (?, ?, ?, ?)",
                    token.getJsonNumber("id").longValue(),
                    token.getString("user"),
                    token.getJsonObject("tsig").getString("name"),
                    token.getJsonObject("tsig").getString("secret"));
        }
    }

    /** Runs inside the service: what the DNS listener will get for a signed UPDATE's key. */
    @Test
    @Order(2)
    void theKeyActsAsItsTokenAndIsRefusedLikeIt() throws Exception {
        long id = number("SELECT MIN(token_id) FROM tsig_probe");
        long secondId = number("SELECT MAX(token_id) FROM tsig_probe");
        String user = text("SELECT user FROM tsig_probe WHERE token_id = " + id);
        String keyName = text("SELECT name FROM tsig_probe WHERE token_id = " + id);
        String secret = text("SELECT secret FROM tsig_probe WHERE token_id = " + id);
        Name name = Name.fromString(keyName, Name.root);
        TokenAuthentication authentication =
                CDI.current().select(TokenAuthentication.class).get();

        TokenAuthentication.TsigKey key =
                authentication.tsigKey(name, "192.0.2.7").orElseThrow();
        assertEquals(id, key.caller().tokenId());
        assertEquals(user, key.caller().getName());
        assertEquals(
                Set.of(Right.DNS_ZONES_LIST, Right.DNS_ZONES_CRUD), key.caller().rights());
        assertEquals("192.0.2.7", key.caller().clientAddress());
        assertEquals(java.util.List.of("192.0.2.0/24"), key.caller().policy().subnets());
        assertArrayEquals(Base64.getDecoder().decode(secret), key.secret(), "the secret as answered");
        assertEquals(
                id,
                authentication
                        .tsigKey(Name.fromString(keyName.toUpperCase(), Name.root), "192.0.2.7")
                        .orElseThrow()
                        .caller()
                        .tokenId(),
                "DNS names in any case");

        // A client signs with the key as answered; the listener verifies with the key as looked up.
        Update update = new Update(Name.fromString("example.com."));
        update.setTSIG(new TSIG(TSIG.HMAC_SHA256, name, secret));
        byte[] wire = update.toWire(512);
        assertEquals(Rcode.NOERROR, key.tsig().verify(new Message(wire), wire, null));

        assertEquals(Optional.empty(), authentication.tsigKey(name, "198.51.100.1"), "outside its subnets");
        assertEquals(
                Optional.empty(),
                authentication.tsigKey(Name.fromString("token-" + id + "-0000000000.tsig.", Name.root), "192.0.2.7"),
                "an unknown name");
        assertTrue(bool("SELECT last_used_at IS NULL FROM api_tokens WHERE id = " + id), "a lookup alone is no use");
        authentication.tsigKeyUsed(key);
        assertTrue(bool("SELECT last_used_at IS NOT NULL FROM api_tokens WHERE id = " + id), "a verified message is");

        // Unused too long, expired, deactivated (as deactivation stores it): refused once read again, as a token is
        // (changed in the database behind the service: within TOKEN_CACHE_MILLIS, 1 s here).
        update("UPDATE api_tokens SET max_unused_days = 1, last_used_at = UTC_TIMESTAMP() - INTERVAL 3 DAY,"
                + " created_at = UTC_TIMESTAMP() - INTERVAL 3 DAY WHERE id = " + id);
        assertEquals(Optional.empty(), lookedUpUntil(authentication, name, "192.0.2.7", false), "unused too long");
        update("UPDATE api_tokens SET max_unused_days = NULL WHERE id = " + id);
        assertTrue(lookedUpUntil(authentication, name, "192.0.2.7", true).isPresent());
        update("UPDATE api_tokens SET valid_until = UTC_TIMESTAMP() - INTERVAL 1 MINUTE WHERE id = " + id);
        assertEquals(Optional.empty(), lookedUpUntil(authentication, name, "192.0.2.7", false), "expired");
        update("UPDATE api_tokens SET valid_until = NULL WHERE id = " + id);
        assertTrue(lookedUpUntil(authentication, name, "192.0.2.7", true).isPresent());
        update("UPDATE api_tokens SET deactivated_at = UTC_TIMESTAMP() WHERE id = " + id);
        assertEquals(Optional.empty(), lookedUpUntil(authentication, name, "192.0.2.7", false), "deactivated");

        // A sealed secret moved to another key does not open.
        Name secondName = Name.fromString(text("SELECT name FROM tsig_probe WHERE token_id = " + secondId), Name.root);
        assertTrue(authentication.tsigKey(secondName, "203.0.113.9").isPresent(), "no subnets: from anywhere");
        update("UPDATE api_tokens SET tsig_secret = (SELECT s FROM (SELECT tsig_secret s FROM api_tokens WHERE id = "
                + id + ") x) WHERE id = " + secondId);
        assertEquals(
                Optional.empty(), lookedUpUntil(authentication, secondName, "203.0.113.9", false), "bound to its name");
    }

    /** The key looked up until it is there ({@code present}) or not, at most 3 s: a change behind the service shows within 1 s. */
    private static Optional<TokenAuthentication.TsigKey> lookedUpUntil(
            TokenAuthentication authentication, Name name, String from, boolean present) throws InterruptedException {
        long deadline = System.nanoTime() + 3_000_000_000L;
        Optional<TokenAuthentication.TsigKey> found = authentication.tsigKey(name, from);
        while (found.isPresent() != present && System.nanoTime() < deadline) {
            Thread.sleep(100);
            found = authentication.tsigKey(name, from);
        }
        return found;
    }

    private static JsonObject created(Api owner, JsonObjectBuilder body) {
        Api.Response response = owner.json("POST", TOKENS + "/create", body.build());
        assertEquals(201, response.status(), response.body());
        return response.data().getJsonObject("token");
    }

    private static DataSource database() throws Exception {
        return (DataSource) new InitialContext().lookup("jdbc/hosting");
    }

    private static Object value(String query) throws Exception {
        try (Connection c = database().getConnection();
                PreparedStatement s = c.prepareStatement(query);
                ResultSet row = s.executeQuery()) {
            assertTrue(row.next(), query);
            return row.getObject(1);
        }
    }

    private static boolean bool(String query) throws Exception {
        return ((Number) value(query)).intValue() != 0;
    }

    private static long number(String query) throws Exception {
        return ((Number) value(query)).longValue();
    }

    private static String text(String query) throws Exception {
        return (String) value(query);
    }

    private static void update(String statement) throws Exception {
        try (Connection c = database().getConnection();
                PreparedStatement s = c.prepareStatement(statement)) {
            assertEquals(1, s.executeUpdate(), statement);
        }
    }
}
