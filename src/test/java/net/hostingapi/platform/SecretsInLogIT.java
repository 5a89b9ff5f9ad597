package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.mail.internet.MimeMessage;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.Mailbox;
import net.hostingapi.support.OwnServer;
import net.hostingapi.support.ServerLog;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * No token, password or verification link reaches the server log or an answer, whatever the
 * request looks like: secrets in every place a client can put them, on public, customer and
 * operator endpoints, in well-formed and malformed requests. The server log is Payara's console
 * as {@link ServerLog} records it.
 */
@ServiceTest
@RunAsClient
@OwnServer // the secrets must be absent from what Payara prints while it starts, too
class SecretsInLogIT {

    private static final String FORM = "application/x-www-form-urlencoded";
    private static final String HANDLES = "/api/v1/domain/handles";
    private static final String CONFIRM = HANDLES + "/verification/confirm";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    /** What Jersey logged with the whole URI, query string and token included. */
    @Test
    void emptyFormBodyWithTheTokenInTheQueryLeavesNoTraceOfIt() {
        Api.Customer customer = Api.at(base).newCustomer();
        String token = tokenOf(customer);
        Api.Response response = Api.at(base).send("POST", "/api/v1/dns/zones?authToken=" + token, FORM, "", Map.of());
        ServerLog.requestLine(response.header("X-Request-Id"));
        assertAbsent(Map.of("the customer's token", token));
        assertFalse(
                ServerLog.text().contains("contains form parameters in the request body"),
                "Jersey's warning about a consumed form body, which names the whole URI");
    }

    /** What slips past the source fixes is blanked on Payara's console: the application says so at start, and shows it. */
    @Test
    void theConsoleBlanksSecretsThatSlipThrough() {
        String line = ServerLog.awaitLine("Log redaction on");
        assertTrue(line.contains("authToken=***"), line);
        assertFalse(line.contains("visible-if-redaction-fails"), line);
        assertFalse(line.contains("on 0 handlers"), line);
    }

    @Test
    void theRequestLineNamesAccountAndTokenIdNeverTheToken() {
        Api.Customer customer = Api.at(base).newCustomer();
        long accountId =
                customer.created().getJsonObject("customer").getJsonNumber("id").longValue();
        long tokenId =
                customer.created().getJsonObject("token").getJsonNumber("id").longValue();

        Api.Response byHeader = customer.api().get("/api/v1/dns/zones");
        assertEquals(200, byHeader.status(), byHeader.body());
        String line = ServerLog.requestLine(byHeader.header("X-Request-Id"));
        assertTrue(line.contains("GET /api/v1/dns/zones 200 "), line);
        assertTrue(line.contains("account=" + accountId + " "), line);
        assertTrue(line.contains("tokenId=" + tokenId + " "), line);

        Api.Response byQuery = Api.at(base).get("/api/v1/dns/zones?authToken=" + tokenOf(customer));
        String queryLine = ServerLog.requestLine(byQuery.header("X-Request-Id"));
        assertTrue(queryLine.contains("account=" + accountId + " tokenId=" + tokenId + " "), queryLine);
        assertFalse(queryLine.contains("?"), queryLine);

        Api.Response anonymous = Api.at(base).get("/api/v1/dns/zones");
        assertEquals(401, anonymous.status());
        String anonymousLine = ServerLog.requestLine(anonymous.header("X-Request-Id"));
        assertTrue(anonymousLine.contains("account=- tokenId=- "), anonymousLine);
    }

    @Test
    void noSecretInAnyLogLineOrAnswerWhateverTheRequest() {
        Api.Customer customer = Api.at(base).newCustomer();
        String token = tokenOf(customer);
        String invalid = randomToken();
        String link = verificationLink(customer.api());
        String linkToken = link.substring(link.indexOf("token=") + "token=".length());
        Map<String, String> secrets = new LinkedHashMap<>();
        secrets.put("the customer's token", token);
        secrets.put("the operator's token", Api.OPERATOR_TOKEN);
        secrets.put("an invalid token", invalid);
        secrets.put("the verification link's token", linkToken);

        List<Api.Response> answers = new ArrayList<>();
        Api anonymous = Api.at(base);
        // Invalid tokens come from another address: after 20 failures an address is blocked (429),
        // and the valid tokens' requests would no longer be authenticated.
        Api loopback = Api.at(loopback());
        for (String secret : List.of(token, Api.OPERATOR_TOKEN, invalid)) {
            Api client = secret.equals(invalid) ? loopback : anonymous;
            for (String path : List.of(
                    "/api/v1/dns/zones",
                    "/api/v1/dns/zones/create",
                    "/api/v1/customers/create",
                    "/api/v1/datacenter/server-actions/file?address=10.9.8.7",
                    "/api/v1/no/such/path")) {
                answers.addAll(everyPlace(client, path, secret));
            }
        }
        // The verification link as mailed, and its token in a body, used up and then again.
        answers.add(anonymous.get(link.substring(link.indexOf(CONFIRM))));
        answers.add(anonymous.get(CONFIRM + "?token=" + linkToken));
        answers.add(anonymous.form("POST", CONFIRM, "token=" + linkToken));
        answers.add(anonymous.json(
                "POST",
                CONFIRM,
                Json.createObjectBuilder().add("token", linkToken).build()));
        answers.add(anonymous.send("POST", CONFIRM + "?token=" + linkToken, FORM, "", Map.of()));
        answers.add(anonymous.send("DELETE", CONFIRM + "?token=" + linkToken, FORM, "token=" + linkToken, Map.of()));
        answers.add(anonymous.send("GET", CONFIRM + "/" + linkToken, null, null, Map.of()));
        for (Api.Response answer : answers) {
            for (Map.Entry<String, String> secret : secrets.entrySet()) {
                assertFalse(
                        answer.body().contains(secret.getValue()),
                        secret.getKey() + " in the answer " + answer.status());
            }
        }
        // Requests that Grizzly or the servlet layer may refuse before JAX-RS sees them.
        for (String secret : List.of(token, invalid)) {
            String host = secret.equals(invalid) ? "127.0.0.1" : base.getHost();
            raw(host, "GET /api/v1/dns/zones?authToken=" + secret + "&x=%zz HTTP/1.1\r\n\r\n");
            raw(host, "GET /api/v1/dns/zones?authToken=" + secret + "&x={|}^` HTTP/1.1\r\n\r\n");
            raw(host, "GET /api/v1/%zz/dns?authToken=" + secret + " HTTP/1.1\r\n\r\n");
            raw(
                    host,
                    "GET /api/v1/dns/zones?authToken=" + secret + " HTTP/1.1\r\nAuthorization: Bearer " + secret
                            + "\r\nX-Bad-Header\r\n\r\n");
            raw(
                    host,
                    "POST /api/v1/dns/zones/create?authToken=" + secret + " HTTP/1.1\r\nContent-Type: " + FORM
                            + "\r\nContent-Length: 10\r\n\r\nauthT");
            raw(
                    host,
                    "POST /api/v1/dns/zones/create?authToken=" + secret + " HTTP/1.1\r\nContent-Type: " + FORM
                            + "\r\nContent-Length: abc\r\n\r\nauthToken=" + secret);
            raw(
                    host,
                    "BREW /api/v1/dns/zones?authToken=" + secret + " HTTP/1.1\r\nAuthorization: Bearer " + secret
                            + "\r\n\r\n");
            raw(host, "GET /api/v1/dns/zones?authToken=" + secret + " HTTP/9.9\r\n\r\n");
        }

        // The console reaches us a little later: everything before this request is in once its line is.
        Api.Response last = anonymous.get("/api/v1/account/permissions");
        ServerLog.requestLine(last.header("X-Request-Id"));
        assertAbsent(secrets);
    }

    /** A TSIG key's secret, answered once at creation or update, is in no log line (nor in the key encryption key's). */
    @Test
    void tsigKeySecretsNeverReachTheLog() {
        Api customer = Api.at(base).newCustomer().api();
        Api.Response created = customer.json(
                "POST",
                "/api/v1/account/users/tokens/create",
                Json.createObjectBuilder().add("tsig_algorithm", "hmac-sha256").build());
        assertEquals(201, created.status(), created.body());
        Api.Response plain = customer.json(
                "POST",
                "/api/v1/account/users/tokens/create",
                Json.createObjectBuilder().build());
        long id = plain.data().getJsonObject("token").getJsonNumber("id").longValue();
        Api.Response updated = customer.json(
                "PUT",
                "/api/v1/account/users/tokens/" + id + "/update",
                Json.createObjectBuilder().add("tsig_algorithm", "hmac-sha512").build());
        assertEquals(200, updated.status(), updated.body());
        Map<String, String> secrets = new LinkedHashMap<>();
        secrets.put(
                "a created key's secret",
                created.data().getJsonObject("token").getJsonObject("tsig").getString("secret"));
        secrets.put(
                "an added key's secret",
                updated.data().getJsonObject("token").getJsonObject("tsig").getString("secret"));
        secrets.put("TSIG_KEY_ENCRYPTION_KEY", System.getenv("TSIG_KEY_ENCRYPTION_KEY"));
        Api.Response listed = customer.get("/api/v1/account/users/tokens/tokens");
        for (String secret : secrets.values()) {
            assertFalse(listed.body().contains(secret), "shown once only");
        }
        ServerLog.requestLine(listed.header("X-Request-Id"));
        assertAbsent(secrets);
    }

    /** The passwords the service is configured with (failsafe sets SMTP_PASSWORD, and DB_PASSWORD when given). */
    @Test
    void configuredPasswordsNeverReachTheLog() {
        Map<String, String> secrets = new LinkedHashMap<>();
        for (String name : List.of("SMTP_PASSWORD", "DB_PASSWORD")) {
            String value = System.getenv(name);
            if (value != null && !value.isEmpty()) {
                secrets.put(name, value);
            }
        }
        assertFalse(secrets.isEmpty(), "failsafe sets SMTP_PASSWORD");
        Api.Response last = Api.at(base).get("/api/v1/account/permissions");
        ServerLog.requestLine(last.header("X-Request-Id"));
        assertAbsent(secrets);
    }

    /** The token in every place a client can put it, and in some where it should not. */
    private List<Api.Response> everyPlace(Api anonymous, String path, String secret) {
        String query = (path.contains("?") ? "&" : "?") + "authToken=" + secret;
        Api bearer = anonymous.withToken(secret);
        String boundary = "----s3cret";
        String multipart = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"authToken\"\r\n\r\n" + secret
                + "\r\n--" + boundary + "\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nsecrets-"
                + UUID.randomUUID()
                + ".example\r\n--" + boundary + "--\r\n";
        byte[] oversized =
                ("authToken=" + secret + "&name=" + "x".repeat(1024 * 1024)).getBytes(StandardCharsets.US_ASCII);
        List<Api.Response> answers = new ArrayList<>();
        answers.add(bearer.get(path));
        answers.add(anonymous.get(path + query));
        answers.add(anonymous.send("POST", path + query, FORM, "", Map.of())); // the case Jersey logged
        answers.add(anonymous.send("PUT", path + query, FORM, "", Map.of()));
        answers.add(anonymous.form(
                "POST", path, "authToken=" + secret + "&name=secrets-" + UUID.randomUUID() + ".example"));
        answers.add(anonymous.json(
                "POST",
                path,
                Json.createObjectBuilder().add("authToken", secret).build()));
        answers.add(anonymous.send("POST", path, "multipart/form-data; boundary=" + boundary, multipart, Map.of()));
        answers.add(anonymous.send(
                "POST",
                path,
                "multipart/form-data; boundary=" + boundary,
                "--" + boundary + "\r\nContent-Disposition: form-data; name=\"authToken\"\r\n\r\n" + secret,
                Map.of()));
        answers.add(anonymous.send(
                "POST", path + query, "application/json", "{\"authToken\": \"" + secret + "\", ", Map.of()));
        answers.add(bearer.send("POST", path, "application/json", "{\"name\": \"" + secret, Map.of()));
        answers.add(bearer.send("POST", path, "application/json", "[\"" + secret + "\"]", Map.of()));
        answers.add(anonymous.send("POST", path + query, "text/csv", "authToken," + secret, Map.of()));
        answers.add(anonymous.sendBytes("POST", path + query, FORM, oversized, Map.of()));
        answers.add(bearer.send("PATCH", path + query, FORM, "authToken=" + secret, Map.of()));
        answers.add(anonymous.send(
                "GET", path + query, "application/json", "{\"authToken\": \"" + secret + "\"}", Map.of()));
        answers.add(anonymous.send("DELETE", path, FORM, "authToken=" + secret, Map.of()));
        answers.add(anonymous.send("DELETE", path + query, FORM, "", Map.of()));
        answers.add(
                anonymous.send("GET", path + "/" + secret, null, null, Map.of("Authorization", "Bearer " + secret)));
        answers.add(anonymous.send(
                "GET",
                path,
                null,
                null,
                Map.of("Authorization", "Basic " + secret, "X-Auth-Token", secret, "Cookie", "authToken=" + secret)));
        answers.add(anonymous.send(
                "POST", path + "?ttl=" + secret + "&authToken=" + secret, FORM, "ttl=" + secret, Map.of()));
        return answers;
    }

    /** A request as bytes, for what an HTTP client library refuses to send; the answer is dropped: the log is what counts. */
    private void raw(String host, String request) {
        RawHttp.sendAndHalfClose(host, base.getPort(), request, 30_000);
    }

    /** Fails naming every log line that holds one of the secrets, with the secret masked. */
    private static void assertAbsent(Map<String, String> secrets) {
        List<String> leaks = new ArrayList<>();
        for (String line : ServerLog.lines()) {
            for (Map.Entry<String, String> secret : secrets.entrySet()) {
                if (line.contains(secret.getValue())) {
                    leaks.add(secret.getKey() + ": " + line.replace(secret.getValue(), "<" + secret.getKey() + ">"));
                }
            }
        }
        if (!leaks.isEmpty()) {
            fail("secrets in the server log:\n" + String.join("\n", leaks));
        }
    }

    private URL loopback() {
        try {
            return new URL("http", "127.0.0.1", base.getPort(), base.getPath());
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String tokenOf(Api.Customer customer) {
        return customer.created().getJsonObject("token").getString("token");
    }

    private static String randomToken() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Creates a handle, which mails a verification link, and returns the link. */
    private static String verificationLink(Api api) {
        String email = "s" + UUID.randomUUID().toString().replace("-", "").substring(0, 16) + "@example.com";
        JsonObject person = Json.createObjectBuilder()
                .add("type", "PERS")
                .add("sex", "FEMALE")
                .add("firstname", "Erika")
                .add("lastname", "Mustermann")
                .add("street", "Heidestraße")
                .add("number", "17b")
                .add("postcode", "51147")
                .add("city", "Köln")
                .add("region", "Nordrhein-Westfalen")
                .add("country", "DE")
                .add("email", email)
                .add("phone", "+49.2211234567")
                .build();
        Api.Response created = api.json("POST", HANDLES + "/create", person);
        assertEquals(201, created.status(), created.body());
        MimeMessage mail = Mailbox.await(email, 1).get(0);
        return Mailbox.link(mail, System.getenv("PUBLIC_BASE_URL") + CONFIRM + "?token=");
    }
}
