package net.hostingapi.panel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import net.hostingapi.zones.control.editing.ZoneOperation;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;

/**
 * The panel at /app/ in a real browser (headless chromium): a customer's whole round through the
 * zone editor, each step checked on the page and in the API's answer afterwards; a token that
 * stops working; a zone of 2,000 records; the security headers.
 */
@ServiceTest
@RunAsClient
public class ZoneEditorIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    Api.Customer customer;
    Api api;
    String token;
    String zone;
    Browser browser;

    @BeforeEach
    void setUp() {
        customer = Api.at(base).newCustomer();
        api = customer.api();
        token = customer.created().getJsonObject("token").getString("token");
        zone = customer.username() + ".example";
        browser = new Browser(url(""));
    }

    @AfterEach
    void tearDown(TestInfo test) {
        if (browser != null) {
            browser.record(test.getTestMethod().map(m -> m.getName()).orElse("test"));
            browser.close();
        }
    }

    @Test
    void aCustomerManagesAZoneInTheBrowser() {
        // The home page links to the panel; the panel asks for a token.
        browser.driver.get(url("/"));
        browser.screenshots("home");
        browser.find("#panel-link").click();
        browser.find("form.signin");
        assertTrue(browser.driver.getCurrentUrl().contains("/app/"));
        browser.screenshots("sign-in");
        signIn(token);
        browser.text("h1", "Zones");
        assertEquals(token, browser.script("return sessionStorage.getItem('hostingapi.panel.token')"));
        assertEquals(0L, browser.script("return localStorage.length"), "nothing in localStorage");
        assertEquals("", browser.script("return document.cookie"), "no cookie");
        assertFalse(browser.driver.getCurrentUrl().contains(token), "never in a URL");
        browser.text("#zone-list", "No zones yet");
        browser.screenshots("zones-empty");

        // Create a zone: the editor opens on it, and the API has it.
        browser.find("#create-zone input[name=name]").sendKeys(zone);
        browser.find("#create-zone button[type=submit]").click();
        browser.text("h1.zone-name", zone);
        assertEquals(200, api.get("/api/v1/dns/zones/show?zone=" + zone).status());

        // Beside the zone its change status: the stored serial and each nameserver, the primary first.
        // No nameserver runs in this execution: the primary does not answer, so the zone is behind.
        browser.text("#status-serial", "Serial " + zoneJson().getString("serial"));
        browser.text("#status-sync", "not yet served by 1 of 1 nameserver");
        // read at once: the list is drawn anew at every check
        @SuppressWarnings("unchecked")
        List<String> primary =
                (List<String>) browser.script("const li = document.querySelector('#status-servers li.status-server');"
                        + " return [li.dataset.role, li.dataset.inSync, li.dataset.server, li.textContent,"
                        + " document.getElementById('change-status').dataset.inSync]");
        assertEquals(List.of("primary", "false"), primary.subList(0, 2), primary.toString());
        assertEquals(
                api.get("/api/v1/dns/zones/status?zone=" + zone)
                        .data()
                        .getJsonObject("status")
                        .getJsonArray("servers")
                        .getJsonObject(0)
                        .getString("server"),
                primary.get(2));
        assertTrue(primary.get(3).contains("no serial"), primary.get(3));
        assertEquals("false", primary.get(4), "the zone is behind");
        browser.screenshots("zone-change-status");

        // Records of four types through their forms.
        addRecord("www", "A", Map.of("address", "192.0.2.10"));
        group("www", "A");
        // the status follows the change: the new serial at once
        browser.text("#status-serial", "Serial " + zoneJson().getString("serial"));
        assertEquals(Set.of("www A 192.0.2.10 -"), records());
        recordCount("1 record");
        addRecord("@", "MX", Map.of("priority", "10", "host", "mail." + zone));
        browser.text(".group[data-name='@'][data-type=MX] .rdata", "10 mail." + zone);
        recordCount("2 records");
        addRecord("@", "TXT", Map.of("text", "v=spf1 mx -all"));
        group("@", "TXT");
        addRecord(
                "_sip._tcp", "SRV", Map.of("priority", "10", "weight", "60", "port", "5060", "target", "sip." + zone));
        browser.text(".group[data-name='_sip._tcp'][data-type=SRV] .rdata", "10 60 5060 sip." + zone);
        assertEquals(
                Set.of(
                        "www A 192.0.2.10 -",
                        "@ MX 10 mail." + zone + " -",
                        "@ TXT v=spf1 mx -all -",
                        "_sip._tcp SRV 10 60 5060 sip." + zone + " -"),
                records());
        browser.screenshots("zone-records");

        // The service's error beside the field, nothing stored.
        addRecord("bad", "A", Map.of("address", "999.1.1.1"));
        WebElement error = browser.find("#record-form fieldset.data .field-error");
        assertFalse(error.getText().isBlank(), "the service's message beside the address");
        assertEquals("true", browser.find("#record-form input[name=address]").getAttribute("aria-invalid"));
        String apiMessage = api.json(
                        "POST",
                        "/api/v1/dns/zones/records/add",
                        Json.createObjectBuilder()
                                .add("zone", zone)
                                .add(
                                        "records",
                                        Json.createArrayBuilder()
                                                .add(Json.createObjectBuilder()
                                                        .add("name", "bad")
                                                        .add("type", "A")
                                                        .add("data", "999.1.1.1")))
                                .build())
                .envelope()
                .getJsonObject("messages")
                .getJsonArray("errors")
                .getJsonObject(0)
                .getString("message");
        assertEquals(apiMessage, "records[0].data: " + error.getText(), "the API's message, beside its field");
        assertEquals(4, records().size(), "nothing stored");
        browser.screenshots("field-error");

        // Edit a TTL: the same record (same id) with TTL 600.
        long wwwId = record("www", "A").getJsonNumber("id").longValue();
        browser.find(".group[data-name=www][data-type=A] button.edit").click();
        WebElement ttl = browser.find("#edit-form input[name=ttl]");
        browser.screenshots("edit-record");
        ttl.clear();
        ttl.sendKeys("600");
        browser.find("#edit-form button[type=submit]").click();
        browser.gone("#edit-form");
        browser.text(".group[data-name=www][data-type=A] .ttl", "TTL 600");
        assertEquals("600", record("www", "A").getString("ttl"));
        assertEquals(wwwId, record("www", "A").getJsonNumber("id").longValue(), "the same record");

        // Delete a record, after the confirmation.
        browser.find(".group[data-name='@'][data-type=TXT] button.delete").click();
        browser.find("dialog[open] button[value=ok]");
        browser.screenshots("delete-record");
        browser.find("dialog[open] button[value=ok]").click();
        browser.gone(".group[data-name='@'][data-type=TXT]");
        assertFalse(records().contains("@ TXT v=spf1 mx -all -"));
        assertEquals(3, records().size());

        // Import a zone file: the dry run's differences first (nothing stored), then applied.
        browser.find(".tabs a[href$='/import']").click();
        // The zone as exported, two records more and a nameserver of the apex (which the import leaves
        // out, with a warning): what a customer who edits the downloaded file sends.
        Api.Response exported = api.get("/api/v1/dns/zones/export?zone=" + zone);
        assertEquals(200, exported.status(), exported.body());
        String file = exported.body() + "ftp IN A 192.0.2.20\nftp IN A 192.0.2.21\n" + zone
                + ". IN NS ns1.elsewhere.example.\n";
        WebElement area = browser.find("#import-form textarea[name=file]");
        browser.script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", area, file);
        browser.find("#import-check").click();
        WebElement diff = browser.text("#import-diff", "2 records added");
        assertTrue(diff.getText().contains("+ ftp A 192.0.2.20"), diff.getText());
        assertFalse(diff.getText().contains("removed"), diff.getText());
        assertFalse(diff.getText().contains("+ www"), diff.getText());
        assertFalse(records().contains("ftp A 192.0.2.20 -"), "a dry run stores nothing");
        // The service's warnings in words, without the wire name of their field in front.
        List<JsonObject> warned = api.json(
                        "POST",
                        "/api/v1/dns/zones/import",
                        Json.createObjectBuilder()
                                .add("zone", zone)
                                .add("file", file)
                                .add("dryRun", true)
                                .build())
                .envelope()
                .getJsonObject("messages")
                .getJsonArray("warnings")
                .getValuesAs(JsonObject.class);
        assertTrue(
                warned.stream().anyMatch(w -> w.getString("message").startsWith(w.getString("field", "-") + ": ")),
                "a warning the service writes with its field in front: " + warned);
        for (JsonObject w : warned) {
            String field = w.getString("field", null);
            assertTrue(diff.getText().contains(inWords(w)), inWords(w) + " in " + diff.getText());
            if (field != null) {
                assertFalse(diff.getText().contains(field + ":"), diff.getText());
            }
        }
        browser.screenshots("import-dry-run");
        browser.find("#import-apply").click();
        browser.text("#import-done", "2 records added");
        WebElement outcome = browser.text("#status", inWords(warned.get(0)));
        assertFalse(outcome.getText().contains(warned.get(0).getString("field", "-") + ":"), outcome.getText());
        assertTrue(records().contains("ftp A 192.0.2.20 -"));
        assertEquals(5, records().size());

        // History: restore the state before the import (after the deletion). Operations in words.
        browser.find(".tabs a[href$='/history']").click();
        browser.text("#history .entry:first-child .operation", "Zone file imported");
        List<JsonObject> history = history();
        assertEquals("import", history.get(0).getString("operation"));
        assertEquals("records/delete", history.get(1).getString("operation"));
        browser.text("#history .entry:nth-child(2) .operation", "Records deleted");
        long beforeImport = history.get(1).getJsonNumber("id").longValue();
        browser.screenshots("history");
        browser.find("#history .entry[data-entry='" + beforeImport + "'] button.restore")
                .click();
        browser.find("dialog[open] button[value=ok]").click();
        browser.text("#history .entry:first-child .operation", "Earlier state restored");
        assertEquals("restore", history().get(0).getString("operation"));
        assertFalse(records().contains("ftp A 192.0.2.20 -"), "the import undone");
        assertEquals(3, records().size());
        // Every entry shown names its operation in words (create, records/add, import, ...)...
        @SuppressWarnings("unchecked")
        List<List<String>> shownOperations = (List<List<String>>)
                browser.script(
                        "return [...document.querySelectorAll('#history .operation')].map(e => [e.dataset.operation, e.textContent])");
        assertEquals(history().size(), shownOperations.size());
        for (List<String> shown : shownOperations) {
            assertEquals(OPERATION_NAMES.get(shown.get(0)), shown.get(1), shown.toString());
        }
        // ... and so would every operation the history can return.
        List<String> operations = Arrays.stream(ZoneOperation.values())
                .map(ZoneOperation::wireName)
                .toList();
        assertEquals(Set.copyOf(operations), OPERATION_NAMES.keySet(), "a name in words for each operation");
        assertEquals(
                OPERATION_NAMES,
                browser.script(
                        "return import('/app/js/zone.js').then(m => Object.fromEntries(arguments[0].map(o => [o, m.operationName(o)])))",
                        operations));

        // Export: the browser downloads the file the API exports.
        Path download = Browser.DOWNLOADS.resolve(zone + ".zone");
        browser.find("#export-zone").click();
        browser.wait.until(d -> Files.isRegularFile(download));
        assertEquals(api.get("/api/v1/dns/zones/export?zone=" + zone).body(), read(download));

        // Settings and domains are pages of the zone too.
        browser.find(".tabs a[href$='/settings']").click();
        browser.find("#settings-form");
        browser.screenshots("zone-settings");
        browser.find(".tabs a[href$='/domains']").click();
        browser.find("#assign-form");
        browser.screenshots("zone-domains");

        // Customer data that looks like HTML is shown as text and runs nothing.
        String hostile = "<img src=x onerror=alert(1)>";
        browser.find(".tabs a[href$='/records']").click();
        addRecord("xss", "TXT", Map.of("text", hostile));
        WebElement shown = browser.text(".group[data-name=xss][data-type=TXT] .rdata", "onerror");
        assertEquals(hostile, shown.getText());
        assertTrue(browser.all("#records img").isEmpty(), "no element made of the data");
        assertThrows(
                NoAlertPresentException.class, () -> browser.driver.switchTo().alert());
        assertTrue(records().contains("xss TXT " + hostile + " -"));

        // An ACME-scoped token from the preset, shown once.
        browser.find("#nav a[href='#/tokens']").click();
        browser.find("#token-form");
        browser.find("#token-form input[name=acme-zone]").sendKeys(zone);
        browser.find("#acme-preset").click();
        browser.find("#token-form button[type=submit]").click();
        String acme = browser.find("#new-token").getAttribute("value");
        assertEquals(43, acme.length(), acme);
        browser.text("#tokens .policy", "_acme-challenge");
        browser.screenshots("tokens");
        JsonObject issued = api
                .get("/api/v1/account/users/tokens/tokens")
                .data()
                .getJsonArray("tokens")
                .getValuesAs(JsonObject.class)
                .stream()
                .filter(t -> t.get("zones") instanceof jakarta.json.JsonArray zones && !zones.isEmpty())
                .findFirst()
                .orElseThrow();
        assertEquals(List.of(zone), strings(issued, "zones"));
        assertEquals(List.of("_acme-challenge", "_acme-challenge.*"), strings(issued, "names"));
        assertEquals(List.of("TXT"), strings(issued, "types"));
        Api robot = api.withToken(acme);
        assertEquals(
                200,
                robot.json("POST", "/api/v1/dns/zones/records/add", add("_acme-challenge", "TXT", "abc"))
                        .status());
        assertEquals(
                403,
                robot.json("POST", "/api/v1/dns/zones/records/add", add("www", "A", "192.0.2.99"))
                        .status());

        // Handles: the list and the form with the country list.
        browser.find("#nav a[href='#/handles']").click();
        browser.find("#new-handle").click();
        assertTrue(new Select(browser.find("#handle-form select[name=country]"))
                        .getOptions()
                        .size()
                > 200);
        browser.screenshots("handle-form");
        browser.find("#handle-form button[type=button]").click();

        // Sign out: the token leaves the tab.
        browser.find("#sign-out").click();
        browser.text("#signin-message", "signed out");
        assertNull(browser.script("return sessionStorage.getItem('hostingapi.panel.token')"));
        browser.screenshots("signed-out");
        browser.driver.navigate().refresh();
        browser.find("form.signin");
        assertEquals(200, api.get("/api/v1/dns/zones/show?zone=" + zone).status(), "signing out ends no token");
    }

    @Test
    void settingsDomainsHandlesAndTokensInTheBrowser() {
        assertEquals(
                201,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder()
                                        .add("name", zone)
                                        .add(
                                                "records",
                                                Json.createArrayBuilder()
                                                        .add(Json.createObjectBuilder()
                                                                .add("name", "www")
                                                                .add("type", "A")
                                                                .add("data", "192.0.2.1"))
                                                        .add(Json.createObjectBuilder()
                                                                .add("name", "@")
                                                                .add("type", "TXT")
                                                                .add("data", "keep me")))
                                        .build())
                        .status());
        browser.driver.get(url("/app/#/zones/" + zone));
        WebElement signInField = browser.find("form.signin input[name=token]");
        signInField.sendKeys(token + Keys.ENTER); // the keyboard alone
        group("www", "A");

        // Edit a record's data (through an update of the zone as shown, with its tag: the other records stay).
        browser.find(".group[data-name=www][data-type=A] button.edit").click();
        WebElement address = browser.find("#edit-form input[name=address]");
        address.clear();
        address.sendKeys("192.0.2.2");
        browser.find("#edit-form button[type=submit]").click();
        browser.gone("#edit-form");
        browser.text(".group[data-name=www][data-type=A] .rdata", "192.0.2.2");
        assertEquals(Set.of("www A 192.0.2.2 -", "@ TXT keep me -"), records());

        // TLSA, which the specification allows in an update only.
        String hash = "8CB0FC6C527506A053F4F14C8464BEBBD6DEDE2738D11468DD953D7D6A3021F1";
        addRecord("_443._tcp.www", "TLSA", Map.of("usage", "3", "selector", "1", "matching", "1", "hex", hash));
        group("_443._tcp.www", "TLSA");
        assertTrue(
                records().contains("_443._tcp.www TLSA 3 1 1 " + hash + " -"),
                records().toString());
        assertEquals(3, records().size());

        browser.find(".tabs a[href$='/settings']").click();
        browser.find("#settings-form");

        // SOA settings: the service's bound beside the field, then a value within it.
        WebElement ttl = browser.find("#settings-form input[name=ttl]");
        ttl.clear();
        ttl.sendKeys("59");
        browser.find("#settings-form button[type=submit]").click();
        WebElement ttlError = browser.find("#settings-form [data-field=ttl] .field-error");
        assertFalse(ttlError.getText().isBlank());
        assertEquals(300, zoneJson().getInt("ttl"), "nothing stored");
        browser.find("#settings-form input[name=ttl]").clear();
        browser.find("#settings-form input[name=ttl]").sendKeys("3600");
        browser.script("document.getElementById('status').replaceChildren()"); // the edit's "Zone updated" gone
        browser.find("#settings-form button[type=submit]").click();
        browser.text("#status", "Zone updated");
        assertEquals(3600, zoneJson().getInt("ttl"));

        // Domains: assign, then dissociate.
        String domain = "shop-" + zone;
        browser.find(".tabs a[href$='/domains']").click();
        browser.find("#assign-form input[name=domainName]").sendKeys(domain);
        browser.find("#assign-form button[type=submit]").click();
        browser.text("#domains", domain);
        assertEquals(
                List.of(domain),
                zoneJson().getJsonArray("domains").getValuesAs(JsonObject.class).stream()
                        .map(d -> d.getString("name"))
                        .toList());
        browser.find("#domains button").click();
        browser.find("dialog[open] button[value=ok]").click();
        browser.text("#domains", "No domains assigned");
        assertTrue(zoneJson().getJsonArray("domains").isEmpty());

        // Delete the zone: the confirmation explains forceDelete; without it a zone with a domain stays.
        assertEquals(
                200,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/" + zone + "/assignDomain",
                                Json.createObjectBuilder()
                                        .add("domainName", domain)
                                        .build())
                        .status());
        browser.find("#nav a[href='#/zones']").click();
        browser.find("#zone-list tr[data-zone='" + zone + "'] button").click();
        WebElement confirm = browser.find("dialog[open]");
        assertTrue(confirm.getText().contains("forceDelete"), confirm.getText());
        assertTrue(confirm.getText().contains(domain), confirm.getText());
        browser.screenshots("delete-zone");
        browser.find("dialog[open] button[value=ok]").click();
        browser.find("#status .note.error");
        assertEquals(200, api.get("/api/v1/dns/zones/show?zone=" + zone).status(), "refused without forceDelete");
        browser.find("#zone-list tr[data-zone='" + zone + "'] button").click();
        browser.find("dialog[open] input[type=checkbox]").click();
        browser.find("dialog[open] button[value=ok]").click();
        browser.gone("#zone-list tr[data-zone='" + zone + "']");
        assertEquals(404, api.get("/api/v1/dns/zones/show?zone=" + zone).status());

        // A handle: the phone number refused beside its field, then created, edited, its state shown.
        browser.find("#nav a[href='#/handles']").click();
        browser.find("#new-handle").click();
        Map<String, String> fields = Map.of(
                "firstname", "Erika",
                "lastname", "Mustermann",
                "street", "Hauptstrasse",
                "number", "12",
                "postcode", "10115",
                "city", "Berlin",
                "region", "Berlin",
                "email", customer.username() + "@example.com",
                "phone", "0301234567");
        fields.forEach((k, v) -> browser.find("#handle-form [name=" + k + "]").sendKeys(v));
        browser.find("#handle-form button[type=submit]").click();
        assertFalse(browser.find("#handle-form [data-field=phone] .field-error")
                .getText()
                .isBlank());
        assertTrue(
                api.get("/api/v1/domain/handles").data().getJsonArray("handles").isEmpty());
        browser.find("#handle-form input[name=phone]").clear();
        browser.find("#handle-form input[name=phone]").sendKeys("+49.301234567");
        browser.find("#handle-form button[type=submit]").click();
        browser.gone("#handle-form");
        JsonObject handle =
                api.get("/api/v1/domain/handles").data().getJsonArray("handles").getJsonObject(0);
        assertEquals("Berlin", handle.getString("city"));
        assertEquals("DE", handle.getString("country"));
        String id = handle.getString("handle");
        browser.text("#handles tr[data-handle='" + id + "']", "PENDING");
        browser.screenshots("handles");
        browser.find("#handles tr[data-handle='" + id + "'] button").click();
        assertEquals(
                "false",
                String.valueOf(browser.find("#handle-form select[name=type]").isEnabled()));
        WebElement city = browser.find("#handle-form input[name=city]");
        city.clear();
        city.sendKeys("Potsdam");
        new Select(browser.find("#handle-form select[name=country]")).selectByValue("AT");
        browser.find("#handle-form button[type=submit]").click();
        browser.gone("#handle-form");
        browser.text("#handles tr[data-handle='" + id + "']", "AT");
        JsonObject edited =
                api.get("/api/v1/domain/handles/show?handle=" + id).data().getJsonObject("handle");
        assertEquals("Potsdam", edited.getString("city"));
        assertEquals("AT", edited.getString("country"));

        // Tokens: one deactivated from the list.
        long other = api.json(
                        "POST",
                        "/api/v1/account/users/tokens/create",
                        Json.createObjectBuilder()
                                .add("rights", Json.createArrayBuilder().add("DNS_ZONES_LIST"))
                                .build())
                .data()
                .getJsonObject("token")
                .getJsonNumber("id")
                .longValue();
        browser.find("#nav a[href='#/tokens']").click();
        browser.find("#tokens tr[data-token='" + other + "'] button").click();
        browser.find("dialog[open] button[value=ok]").click();
        browser.text("#tokens tr[data-token='" + other + "']", "inactive");
        assertFalse(api.get("/api/v1/account/users/tokens/" + other)
                .data()
                .getJsonObject("token")
                .getBoolean("active"));
    }

    @Test
    void aChangeMadeThroughTheApiMeanwhileIsToldAndNeverOverwritten() {
        Api.Response created = api.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder()
                        .add("name", zone)
                        .add(
                                "records",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder()
                                                .add("name", "www")
                                                .add("type", "A")
                                                .add("data", "192.0.2.1")))
                        .build());
        assertEquals(201, created.status(), created.body());
        browser.driver.get(url("/app/#/zones/" + zone));
        signIn(token);
        group("www", "A");

        // Behind the panel's back, through the API: a record added.
        Api.Response behind = api.json(
                "POST",
                "/api/v1/dns/zones/records/add",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add(
                                "records",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder()
                                                .add("name", "api")
                                                .add("type", "A")
                                                .add("data", "192.0.2.50")))
                        .build());
        assertEquals(200, behind.status(), behind.body());

        // The panel's edit, made on the zone as it was shown: refused, the user told, the zone shown anew.
        browser.find(".group[data-name=www][data-type=A] button.edit").click();
        WebElement address = browser.find("#edit-form input[name=address]");
        address.clear();
        address.sendKeys("192.0.2.2");
        browser.find("#edit-form button[type=submit]").click();
        browser.text("#status", "Someone else changed this zone");
        group("api", "A");
        assertEquals(Set.of("www A 192.0.2.1 -", "api A 192.0.2.50 -"), records(), "the API's change stands");
        browser.screenshot("changed-meanwhile");

        // Made again on the zone as it is now, the edit goes through, and the API's record stays.
        browser.find(".group[data-name=www][data-type=A] button.edit").click();
        address = browser.find("#edit-form input[name=address]");
        address.clear();
        address.sendKeys("192.0.2.2");
        browser.find("#edit-form button[type=submit]").click();
        browser.text(".group[data-name=www][data-type=A] .rdata", "192.0.2.2");
        assertEquals(Set.of("www A 192.0.2.2 -", "api A 192.0.2.50 -"), records());

        // Settings the same way: a TTL changed through the API is not overwritten by the panel's form.
        browser.find(".tabs a[href$='/settings']").click();
        browser.find("#settings-form");
        Api.Response ttl = api.json(
                "PUT",
                "/api/v1/dns/zones/update",
                Json.createObjectBuilder().add("zone", zone).add("ttl", 1800).build());
        assertEquals(200, ttl.status(), ttl.body());
        browser.script("document.getElementById('status').replaceChildren()");
        browser.find("#settings-form input[name=retry]").clear();
        browser.find("#settings-form input[name=retry]").sendKeys("1000");
        browser.find("#settings-form button[type=submit]").click();
        browser.text("#status", "Someone else changed this zone");
        assertEquals(1800, zoneJson().getInt("ttl"), "the API's TTL stands");
        assertFalse(zoneJson().getInt("retry") == 1000, "the panel's change was not stored");
        assertEquals("1800", browser.find("#settings-form input[name=ttl]").getAttribute("value"));

        // The zone list's delete: the dialog shows the zone as it is; a change made while it is open keeps the zone.
        browser.find("#nav a[href='#/zones']").click();
        browser.find("#zone-list tr[data-zone='" + zone + "'] button").click();
        browser.find("dialog[open]");
        Api.Response late = api.json(
                "POST",
                "/api/v1/dns/zones/records/add",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add(
                                "records",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder()
                                                .add("name", "late")
                                                .add("type", "A")
                                                .add("data", "192.0.2.51")))
                        .build());
        assertEquals(200, late.status(), late.body());
        browser.script("document.getElementById('status').replaceChildren()");
        browser.find("dialog[open] button[value=ok]").click();
        browser.text("#status", "Someone else changed the zone");
        assertEquals(200, api.get("/api/v1/dns/zones/show?zone=" + zone).status(), "the zone is not deleted");

        // A handle's edit: opened, changed through the API meanwhile, the panel's save refused.
        jakarta.json.JsonObjectBuilder fields = Json.createObjectBuilder()
                .add("type", "PERS")
                .add("sex", "FEMALE")
                .add("firstname", "Erika")
                .add("lastname", "Mustermann")
                .add("street", "Hauptstrasse")
                .add("number", "12")
                .add("postcode", "10115")
                .add("city", "Berlin")
                .add("region", "Berlin")
                .add("country", "DE")
                .add("email", customer.username() + ".meanwhile@example.com")
                .add("phone", "+49.301234567");
        JsonObject personFields = fields.build();
        Api.Response person = api.json("POST", "/api/v1/domain/handles/create", personFields);
        assertEquals(201, person.status(), person.body());
        String id = person.data().getJsonObject("handle").getString("handle");
        browser.find("#nav a[href='#/handles']").click();
        browser.find("#handles tr[data-handle='" + id + "'] button").click();
        WebElement city = browser.find("#handle-form input[name=city]");
        Api.Response moved = api.json(
                "POST",
                "/api/v1/domain/handles/edit",
                Json.createObjectBuilder(personFields)
                        .add("handle", id)
                        .add("city", "Bonn")
                        .build());
        assertEquals(200, moved.status(), moved.body());
        city.clear();
        city.sendKeys("Potsdam");
        browser.script("document.getElementById('status').replaceChildren()");
        browser.find("#handle-form button[type=submit]").click();
        browser.text("#status", "Someone else changed the handle");
        assertEquals(
                "Bonn",
                api.get("/api/v1/domain/handles/show?handle=" + id)
                        .data()
                        .getJsonObject("handle")
                        .getString("city"),
                "the API's change stands");
    }

    @Test
    void aTokenThatStopsWorkingBringsTheCustomerBackToSignInWithTheServicesMessage() {
        browser.driver.get(url("/app/"));
        signIn("not-a-token-" + customer.username());
        WebElement refused = browser.find("form.signin .field-error");
        assertFalse(refused.getText().isBlank());
        assertNull(browser.script("return sessionStorage.getItem('hostingapi.panel.token')"));

        signIn(token);
        browser.text("h1", "Zones");
        long id = api.get("/api/v1/account/users/tokens/tokens")
                .data()
                .getJsonArray("tokens")
                .getJsonObject(0)
                .getJsonNumber("id")
                .longValue();
        assertEquals(
                200,
                api.send("POST", "/api/v1/account/users/tokens/" + id + "/deactivate", null, null, Map.of())
                        .status());
        Api.Response refusedNow = api.get("/api/v1/dns/zones");
        assertEquals(401, refusedNow.status());
        String message = refusedNow
                .envelope()
                .getJsonObject("messages")
                .getJsonArray("errors")
                .getJsonObject(0)
                .getString("message");

        browser.find("#nav a[href='#/tokens']").click();
        assertEquals(message, browser.find("#signin-message").getText());
        assertNull(browser.script("return sessionStorage.getItem('hostingapi.panel.token')"));
        browser.screenshots("token-expired");
    }

    @Test
    void aZoneOfTwoThousandRecordsIsPagedAndFiltered() {
        // Two requests: at most 1,000 records go in one.
        for (int half = 0; half < 2; half++) {
            JsonArrayBuilder many = Json.createArrayBuilder();
            for (int i = half * 1000; i < (half + 1) * 1000; i++) {
                many.add(Json.createObjectBuilder()
                        .add("name", "host-" + i)
                        .add("type", "A")
                        .add("data", "10.0." + (i / 250) + "." + (i % 250 + 1)));
            }
            Api.Response stored = api.json(
                    "POST",
                    half == 0 ? "/api/v1/dns/zones/create" : "/api/v1/dns/zones/records/add",
                    Json.createObjectBuilder()
                            .add(half == 0 ? "name" : "zone", zone)
                            .add("records", many)
                            .build());
            assertEquals(half == 0 ? 201 : 200, stored.status(), stored.body());
        }
        browser.driver.get(url("/app/"));
        signIn(token);
        browser.text("#zone-list td.count", "2000");
        browser.driver.get(url("/app/#/zones/" + zone));
        browser.text(".pager", "of 2000");
        assertEquals(100, browser.all("#records .record").size(), "a page of 100 in the page");
        browser.screenshots("zone-2000");
        browser.find("input[name=record-filter]").sendKeys("host-1999");
        browser.wait.until(
                d -> d.findElements(By.cssSelector("#records .record")).size() == 1);
        browser.text(".group[data-name=host-1999] .rdata", "10.0.7.250");
    }

    @Test
    void thePanelAnswersWithItsSecurityHeaders() {
        Api anonymous = Api.at(base);
        for (String path : List.of("/app/", "/app/index.html", "/app/js/app.js", "/app/panel.css", "/")) {
            Api.Response page = anonymous.get(path);
            assertEquals(200, page.status(), path);
            String policy = page.header("Content-Security-Policy");
            assertTrue(policy != null && policy.contains("frame-ancestors 'none'"), path + ": " + policy);
            assertTrue(policy.contains("script-src 'self'"), policy);
            assertFalse(policy.contains("unsafe-inline") || policy.contains("unsafe-eval"), policy);
            assertEquals("nosniff", page.header("X-Content-Type-Options"), path);
            assertEquals("no-referrer", page.header("Referrer-Policy"), path);
        }
        assertTrue(anonymous.get("/app/js/app.js").header("Content-Type").contains("javascript"));
        assertTrue(anonymous.get("/").body().contains("href=\"/app/\""));
        // Nothing in the panel's files inserts markup or runs strings as code.
        for (String module : List.of("app", "api", "dom", "zones", "zone", "records", "tokens", "handles")) {
            String source = anonymous.get("/app/js/" + module + ".js").body();
            for (String banned : List.of("innerHTML", "outerHTML", "insertAdjacentHTML", "eval(", "new Function")) {
                assertFalse(source.contains(banned), module + ".js uses " + banned);
            }
        }
    }

    @Test
    void thePanelsFilesComeCompressedWhenAskedAndEachPageLoadsOnlyItsModules() throws Exception {
        // Over HTTP: gzip when the client accepts it, the file as it is when not; caches told the answer depends on it.
        for (String path : List.of("/app/js/zone.js", "/app/panel.css", "/app/")) {
            HttpResponse<byte[]> plain = fetch(path, Map.of());
            assertEquals(200, plain.statusCode(), path);
            assertEquals(Optional.empty(), plain.headers().firstValue("Content-Encoding"), path);
            assertTrue(varies(plain), path + ": " + plain.headers().map());
            HttpResponse<byte[]> gzip = fetch(path, Map.of("Accept-Encoding", "gzip, deflate, br"));
            assertEquals(200, gzip.statusCode(), path);
            assertEquals(Optional.of("gzip"), gzip.headers().firstValue("Content-Encoding"), path);
            assertTrue(varies(gzip), path + ": " + gzip.headers().map());
            assertEquals(
                    plain.headers().firstValue("Content-Type"), gzip.headers().firstValue("Content-Type"), path);
            assertEquals(
                    plain.headers().firstValue("Content-Security-Policy"),
                    gzip.headers().firstValue("Content-Security-Policy"),
                    path);
            try (var unzip = new GZIPInputStream(new ByteArrayInputStream(gzip.body()))) {
                assertArrayEquals(plain.body(), unzip.readAllBytes(), path + ": the same file, compressed");
            }
            // The modules and the stylesheet to less than half (the page itself is small).
            assertTrue(
                    gzip.body().length < plain.body().length / (path.endsWith("/") ? 1 : 2),
                    path + ": " + gzip.body().length + " of " + plain.body().length + " bytes");
            HttpResponse<byte[]> refused = fetch(path, Map.of("Accept-Encoding", "gzip;q=0, identity"));
            assertEquals(Optional.empty(), refused.headers().firstValue("Content-Encoding"), path);
            assertArrayEquals(plain.body(), refused.body(), path);
            Optional<String> etag = plain.headers().firstValue("ETag");
            if (etag.isPresent()) {
                HttpResponse<byte[]> unchanged =
                        fetch(path, Map.of("Accept-Encoding", "gzip", "If-None-Match", etag.get()));
                assertEquals(304, unchanged.statusCode(), path + ": revalidated, not sent again");
                assertEquals(0, unchanged.body().length, path);
            }
        }

        // In the browser: the sign-in page loads the shell only, the zone list its own module besides.
        browser.driver.get(url("/app/"));
        browser.find("form.signin");
        assertEquals(Set.of("app.js", "api.js", "dom.js"), loadedModules(), "the sign-in page");
        signIn(token);
        browser.text("#zone-list", "No zones yet");
        assertEquals(Set.of("app.js", "api.js", "dom.js", "zones.js"), loadedModules(), "the zone list");
        // The browser asked for them compressed and got them so.
        @SuppressWarnings("unchecked")
        List<Number> sizes = (List<Number>) browser.script(
                "const e = performance.getEntriesByType('resource').find(r => r.name.endsWith('/app/js/zones.js'));"
                        + " return [e.encodedBodySize, e.decodedBodySize]");
        assertTrue(sizes.get(0).longValue() < sizes.get(1).longValue() / 2, "zones.js: " + sizes);
        browser.find("#nav a[href='#/tokens']").click();
        browser.find("#token-form");
        assertTrue(
                loadedModules().containsAll(Set.of("tokens.js", "records.js")),
                loadedModules().toString());
        assertFalse(loadedModules().contains("zone.js"), loadedModules().toString());
        assertFalse(loadedModules().contains("handles.js"), loadedModules().toString());
    }

    @Test
    void theFocusRingStandsOutFromWhatItSitsOn() {
        assertEquals(
                201,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder()
                                        .add("name", zone)
                                        .add(
                                                "records",
                                                Json.createArrayBuilder()
                                                        .add(Json.createObjectBuilder()
                                                                .add("name", "www")
                                                                .add("type", "A")
                                                                .add("data", "192.0.2.1")))
                                        .build())
                        .status());
        browser.driver.get(url("/app/"));
        signIn(token);
        browser.find("#zone-list tr[data-zone='" + zone + "'] a");
        // The keyboard from the top of the zone list: skip link, header, forms, the list.
        // From the top of the page, as after loading it (the panel focuses the heading of what it shows).
        browser.script("document.body.tabIndex = -1; document.body.focus(); document.body.removeAttribute('tabindex')");
        List<String> seen = new java.util.ArrayList<>();
        seen.addAll(focusRings(12));
        // A zone's page: its tabs, the record's buttons, the add form.
        browser.find("#zone-list tr[data-zone='" + zone + "'] a").click();
        group("www", "A");
        seen.addAll(focusRings(18));
        assertTrue(seen.stream().anyMatch(s -> s.contains("Skip to content")), seen.toString());
        assertTrue(seen.stream().anyMatch(s -> s.contains("Sign out")), seen.toString());
        assertTrue(seen.stream().anyMatch(s -> s.contains("Edit")), seen.toString());
        System.out.println("[focus rings] " + seen);
    }

    @Test
    void tokensFitAPhone() {
        long acme = api.json(
                        "POST",
                        "/api/v1/account/users/tokens/create",
                        Json.createObjectBuilder()
                                .add(
                                        "rights",
                                        Json.createArrayBuilder()
                                                .add("DNS_ZONES_LIST")
                                                .add("DNS_ZONES_CRUD"))
                                .add("zones", Json.createArrayBuilder().add(zone))
                                .add(
                                        "names",
                                        Json.createArrayBuilder()
                                                .add("_acme-challenge")
                                                .add("_acme-challenge.*"))
                                .add("types", Json.createArrayBuilder().add("TXT"))
                                .add("max_unused_days", 90)
                                .build())
                .data()
                .getJsonObject("token")
                .getJsonNumber("id")
                .longValue();
        JsonObject own = api
                .get("/api/v1/account/users/tokens/tokens")
                .data()
                .getJsonArray("tokens")
                .getValuesAs(JsonObject.class)
                .stream()
                .filter(t -> t.getJsonNumber("id").longValue() != acme)
                .findFirst()
                .orElseThrow();
        int ownRights = own.getJsonArray("rights").size();
        assertTrue(ownRights > 5, own.toString());

        browser.driver.manage().window().setSize(Browser.PHONE);
        browser.wait.until(d -> ((Number) browser.script("return window.innerWidth")).intValue() <= 375);
        browser.driver.get(url("/app/#/tokens"));
        signIn(token);
        browser.find("#tokens tr[data-token='" + acme + "']");

        // Every header cell of the list has a name, the last (the buttons') for screen readers.
        @SuppressWarnings("unchecked")
        List<String> headers = (List<String>) browser.script(
                "return [...document.querySelectorAll('#tokens thead th')].map(th => th.textContent.trim())");
        assertTrue(headers.stream().noneMatch(String::isEmpty), headers.toString());
        assertEquals("Actions", headers.get(headers.size() - 1));

        // Rights counted on the card, named on demand.
        WebElement rights = browser.find("#tokens tr[data-token='" + own.getJsonNumber("id") + "'] td.rights summary");
        assertEquals(ownRights + " rights", rights.getText());
        assertEquals(
                "2 rights",
                browser.find("#tokens tr[data-token='" + acme + "'] td.rights summary")
                        .getText());
        long cardHeight = ((Number)
                        browser.script(
                                "return Math.max(...[...document.querySelectorAll('#tokens tbody tr')].map(tr => tr.getBoundingClientRect().height))"))
                .longValue();
        long pageHeight = ((Number) browser.script("return document.documentElement.scrollHeight")).longValue();
        System.out.println("[tokens at 375 px] card " + cardHeight + " px, page " + pageHeight + " px");
        assertTrue(cardHeight <= 320, "a token's card at 375 px: " + cardHeight + " px");
        assertTrue(pageHeight <= 1200, "the tokens page at 375 px: " + pageHeight + " px");
        browser.screenshot("tokens-list-phone");
        rights.click();
        browser.text("#tokens tr[data-token='" + own.getJsonNumber("id") + "'] td.rights li", "List DNS zones");

        // The new token's form opens on demand; each checkbox keeps its size beside its label.
        browser.find("#token-box > summary").click();
        browser.find("#token-form");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> boxes = (List<Map<String, Object>>)
                browser.script(
                        "return [...document.querySelectorAll('#token-form input[type=checkbox]')].map(b => {"
                                + " const r = b.getBoundingClientRect();"
                                + " return {value: b.value, width: r.width, height: r.height, visible: b.checkVisibility()}; })");
        assertTrue(boxes.size() >= 2 + 13, "rights and record types: " + boxes);
        for (Map<String, Object> box : boxes) {
            assertEquals(Boolean.TRUE, box.get("visible"), box.toString());
            assertTrue(((Number) box.get("width")).doubleValue() >= 13, box.toString());
            assertTrue(((Number) box.get("height")).doubleValue() >= 13, box.toString());
        }
        long scrollWidth = ((Number) browser.script("return document.documentElement.scrollWidth")).longValue();
        assertTrue(scrollWidth <= 375, "no sideways scrolling: " + scrollWidth);
        browser.screenshot("tokens-form-phone");
    }

    @Test
    void dnssecWhileTheKeysAreBeingMadeSaysSo() {
        assertEquals(
                201,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder().add("name", zone).build())
                        .status());
        browser.driver.get(url("/app/#/zones/" + zone + "/dnssec"));
        signIn(token);
        browser.text("#dnssec-state", "off");
        browser.text("#dnssec button", "Turn DNSSEC on").click();
        WebElement pending = browser.text("#dnssec-keys-pending", "The keys are being made");
        JsonObject dnssec =
                api.get("/api/v1/dns/zones/dnssec?zone=" + zone).data().getJsonObject("dnssec");
        assertEquals("signing", dnssec.getString("state"), "no nameserver signs in this test: the keys stay unmade");
        String text = browser.find("#dnssec").getText();
        assertFalse(text.contains("Give one of these DS records"), text);
        assertTrue(browser.all("#dnssec .key, #dnssec ul").isEmpty(), "no (empty) list of DS records");
        assertTrue(pending.isDisplayed());
        browser.text(".summary", "keys being made");
        browser.screenshots("dnssec-signing");
    }

    @Test
    void aForwardedHostKeepsItsFramePageUnderAppToo() {
        assertEquals(
                201,
                api.json(
                                "POST",
                                "/api/v1/dns/zones/create",
                                Json.createObjectBuilder()
                                        .add("name", zone)
                                        .add(
                                                "records",
                                                Json.createArrayBuilder()
                                                        .add(Json.createObjectBuilder()
                                                                .add("name", "@")
                                                                .add("type", "HTTP_FRAME")
                                                                .add("data", "https://example.org/")))
                                        .build())
                        .status());
        Api.Response framed = Api.at(base).send("GET", "/app/", null, null, Map.of("Host", zone));
        assertEquals(200, framed.status(), framed.body());
        assertTrue(framed.body().contains("<iframe src=\"https://example.org/\""), framed.body());
        assertNull(framed.header("Content-Security-Policy"), "the panel's policy would block the frame");
    }

    /** The history's operations as the panel names them (history/control and ZoneOperation name them on the wire). */
    static final Map<String, String> OPERATION_NAMES = Map.ofEntries(
            Map.entry("create", "Zone created"),
            Map.entry("update", "Zone updated"),
            Map.entry("delete", "Zone deleted"),
            Map.entry("records/add", "Records added"),
            Map.entry("records/delete", "Records deleted"),
            Map.entry("assignDomain", "Domain assigned"),
            Map.entry("dissociateDomain", "Domain dissociated"),
            Map.entry("import", "Zone file imported"),
            Map.entry("restore", "Earlier state restored"),
            Map.entry("dns-update", "Changed by DNS UPDATE"),
            Map.entry("rrsets/change", "RRsets replaced"));

    // ---- the page

    /** The panel's modules the page has fetched so far (file names under /app/js/), from the browser's resource timing. */
    private Set<String> loadedModules() {
        @SuppressWarnings("unchecked")
        List<String> names = (List<String>) browser.script("return performance.getEntriesByType('resource')"
                + ".map(e => new URL(e.name).pathname).filter(p => p.startsWith('/app/js/')).map(p => p.substring(8))");
        return Set.copyOf(names);
    }

    /**
     * Presses Tab {@code presses} times; each time the focused element must show a ring (an outline
     * of at least 2 px) whose colour has a contrast of at least 3:1 (WCAG 1.4.11) with the background
     * it is drawn on: the colour, from getComputedStyle, of what lies under the ring's middle
     * (elementsFromPoint, translucent layers composed over what lies below them), by the WCAG
     * relative-luminance formula. Answers what was focused, with its ratio.
     */
    private List<String> focusRings(int presses) {
        List<String> seen = new java.util.ArrayList<>();
        for (int i = 0; i < presses; i++) {
            new Actions(browser.driver).sendKeys(Keys.TAB).perform();
            @SuppressWarnings("unchecked")
            Map<String, Object> ring = (Map<String, Object>) browser.script(FOCUS_RING);
            String what = ring.get("what") + " (" + ring.get("ring") + " on " + ring.get("background") + ", "
                    + String.format(java.util.Locale.ROOT, "%.2f", ((Number) ring.get("ratio")).doubleValue()) + ":1)";
            seen.add(what);
            if (Boolean.TRUE.equals(ring.get("body"))) {
                continue; // focus went to the browser's own controls past the page's end
            }
            assertEquals(Boolean.TRUE, ring.get("focusVisible"), what);
            assertTrue(
                    !"none".equals(ring.get("style")) && ((Number) ring.get("width")).doubleValue() >= 2,
                    what + " " + ring);
            assertTrue(((Number) ring.get("ratio")).doubleValue() >= 3, "focus ring below 3:1: " + what);
        }
        return seen;
    }

    private static final String FOCUS_RING = """
            const el = document.activeElement;
            if (!el || el === document.body) return {body: true, what: 'body', ring: '-', background: '-', ratio: 0};
            const cs = getComputedStyle(el);
            const rgba = (c) => {
              const m = /rgba?\\(([^)]+)\\)/.exec(c);
              const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
              return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
            };
            const over = (top, below) => top.slice(0, 3).map((v, i) => v * top[3] + below[i] * (1 - top[3]));
            const r = el.getBoundingClientRect();
            const width = parseFloat(cs.outlineWidth) || 0;
            const out = (parseFloat(cs.outlineOffset) || 0) + width / 2;
            const points = [[r.left - out, r.top + r.height / 2], [r.right + out, r.top + r.height / 2],
                            [r.left + r.width / 2, r.top - out], [r.left + r.width / 2, r.bottom + out]];
            const [x, y] = points.find(([px, py]) => px >= 0 && py >= 0 && px < innerWidth && py < innerHeight);
            const layers = [];
            for (const under of document.elementsFromPoint(x, y)) {
              if (under === el || el.contains(under)) continue;
              const c = rgba(getComputedStyle(under).backgroundColor);
              if (c[3] > 0) layers.push(c);
              if (c[3] >= 1) break;
            }
            let background = [255, 255, 255];
            for (const layer of layers.reverse()) background = over(layer, background);
            const ring = over(rgba(cs.outlineColor), background);
            const luminance = (c) => c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
              .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
            const [l1, l2] = [luminance(ring), luminance(background)].sort((a, b) => b - a);
            const label = (el.getAttribute('aria-label') || el.textContent || el.name || el.id || '').trim().slice(0, 40);
            return {what: el.tagName.toLowerCase() + ' ' + label, focusVisible: el.matches(':focus-visible'),
                    style: cs.outlineStyle, width, ring: cs.outlineColor,
                    background: 'rgb(' + background.map(Math.round).join(', ') + ')', ratio: (l1 + 0.05) / (l2 + 0.05)};
            """;

    /** Waits until the zone's summary counts exactly {@code text} ("1 record", not "1 records"). */
    private void recordCount(String text) {
        browser.wait.until(d -> text.equals(d.findElement(By.id("record-count")).getText()));
    }

    /** A message of the service as the panel words it: its field's wire name in front dropped, the rest capitalised. */
    private static String inWords(JsonObject message) {
        String text = message.getString("message");
        String field = message.getString("field", null);
        if (field == null || !text.startsWith(field + ": ")) {
            return text;
        }
        String rest = text.substring(field.length() + 2);
        return Character.toUpperCase(rest.charAt(0)) + rest.substring(1);
    }

    private void signIn(String text) {
        WebElement field = browser.find("form.signin input[name=token]");
        field.clear();
        field.sendKeys(text);
        browser.find("form.signin button[type=submit]").click();
    }

    /** Fills the add form for one record and submits it. */
    private void addRecord(String name, String type, Map<String, String> data) {
        new Select(browser.find("#record-form select[name=type]")).selectByValue(type);
        WebElement nameField = browser.find("#record-form input[name=name]");
        nameField.clear();
        nameField.sendKeys(name);
        for (Map.Entry<String, String> e : data.entrySet()) {
            WebElement control = browser.find("#record-form [name='" + e.getKey() + "']");
            if ("select".equals(control.getTagName())) {
                new Select(control).selectByValue(e.getValue());
            } else {
                control.clear();
                control.sendKeys(e.getValue());
            }
        }
        browser.find("#record-form button[type=submit]").click();
    }

    private JsonObject zoneJson() {
        return api.get("/api/v1/dns/zones/show?zone=" + zone).data().getJsonObject("zone");
    }

    private WebElement group(String name, String type) {
        return browser.find(".group[data-name='" + name + "'][data-type=" + type + "]");
    }

    private String url(String path) {
        String root = base.toString();
        return (root.endsWith("/") ? root.substring(0, root.length() - 1) : root) + path;
    }

    // ---- the API

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    /** GETs {@code path} as bytes, with no encoding asked for unless {@code headers} ask. */
    private HttpResponse<byte[]> fetch(String path, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url(path)));
        headers.forEach(request::header);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static boolean varies(HttpResponse<?> response) {
        return response.headers().allValues("Vary").stream()
                .flatMap(v -> Arrays.stream(v.split(",")))
                .anyMatch(v -> v.trim().equalsIgnoreCase("Accept-Encoding"));
    }

    /** The zone's records as "name type data ttl" ("-" for the zone's TTL). */
    private Set<String> records() {
        return api
                .get("/api/v1/dns/zones/show?zone=" + zone)
                .data()
                .getJsonObject("zone")
                .getJsonArray("records")
                .getValuesAs(JsonObject.class)
                .stream()
                .map(r -> r.getString("name") + " " + r.getString("type") + " " + r.getString("data") + " "
                        + (r.isNull("ttl") ? "-" : r.getString("ttl")))
                .collect(Collectors.toSet());
    }

    private JsonObject record(String name, String type) {
        Optional<JsonObject> found = api
                .get("/api/v1/dns/zones/show?zone=" + zone)
                .data()
                .getJsonObject("zone")
                .getJsonArray("records")
                .getValuesAs(JsonObject.class)
                .stream()
                .filter(r ->
                        r.getString("name").equals(name) && r.getString("type").equals(type))
                .findFirst();
        return found.orElseThrow(() -> new AssertionError("no " + name + " " + type));
    }

    private List<JsonObject> history() {
        return api.get("/api/v1/dns/zones/history?zone=" + zone)
                .data()
                .getJsonArray("history")
                .getValuesAs(JsonObject.class);
    }

    private JsonObject add(String name, String type, String data) {
        return Json.createObjectBuilder()
                .add("zone", zone)
                .add(
                        "records",
                        Json.createArrayBuilder()
                                .add(Json.createObjectBuilder()
                                        .add("name", name)
                                        .add("type", type)
                                        .add("data", data)))
                .build();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<String> strings(JsonObject object, String key) {
        return object.getJsonArray(key).getValuesAs(jakarta.json.JsonString.class).stream()
                .map(jakarta.json.JsonString::getString)
                .toList();
    }
}
