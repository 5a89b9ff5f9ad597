package net.hostingapi.transfers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Set;
import java.util.TreeSet;
import net.hostingapi.nameserver.PowerDnsExtension;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.FleetSecondary;
import net.hostingapi.support.MariaDbExtension;
import net.hostingapi.support.PowerDnsServer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * PowerDNS as the primary of real BIND and Knot secondaries (TransferScenarios), and what it holds
 * for them: the zone a primary ("Master") with its secondaries in ALLOW-AXFR-FROM, ALSO-NOTIFY and
 * TSIG-ALLOW-AXFR, the keys in its TSIG key store, also for a zone left Native by an earlier
 * version, once published whole again. PowerDNS 4.7 answers an IXFR with the whole zone. Run by the build's "powerdns" failsafe execution.
 */
@ExtendWith(MariaDbExtension.class)
@ExtendWith(PowerDnsExtension.class)
@ExtendWith(FleetSecondary.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class TransfersPowerDnsIT extends TransferScenarios {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Override
    URL base() {
        return base;
    }

    @Override
    int primaryPort() {
        return PowerDnsExtension.server().dnsPort();
    }

    @Override
    boolean answersIncrementally() {
        return false;
    }

    @Test
    void powerDnsHoldsTheZoneAsAPrimaryWithItsSecondaries() throws Exception {
        String zone = zoneName("p");
        follow(zone);
        create(zone, bothSecondaries());
        var pdns = PowerDnsExtension.server();
        await(() -> !pdns.metadata(zone, "ALSO-NOTIFY").isEmpty(), "PowerDNS holds the zone's secondaries");
        String fleet = "127.0.0.3:" + Integer.getInteger("test.secondary.fleet.port");
        assertEquals(
                lines(
                        fleet,
                        "127.0.0.2:" + Integer.getInteger("test.secondary.bind.port"),
                        "127.0.0.4:" + Integer.getInteger("test.secondary.knot.port")),
                lines(pdns.metadata(zone, "ALSO-NOTIFY").split("\n")));
        assertEquals(
                Set.of("127.0.0.2"),
                lines(pdns.metadata(zone, "ALLOW-AXFR-FROM").split("\n")));
        assertEquals(
                lines("fleet.tsig.", key.name() + "."),
                lines(pdns.metadata(zone, "TSIG-ALLOW-AXFR").split("\n")),
                "the operator's fleet and the account's key grant transfers");
        assertTrue(pdns.zoneKind(zone).equalsIgnoreCase("MASTER"), pdns.zoneKind(zone));

        // as a zone made before: Native, no secondaries; its next whole publication (a refresh) makes it a primary
        // again
        assertEquals(204, powerDns("PUT", "/zones/" + zone + ".", "{\"kind\": \"Native\"}"));
        assertEquals(200, powerDns("DELETE", "/zones/" + zone + "./metadata/ALSO-NOTIFY", null));
        assertEquals("", pdns.metadata(zone, "ALSO-NOTIFY"));
        Api.Response refreshed = api.json(
                "POST",
                "/api/v1/dns/zones/refresh",
                Json.createObjectBuilder().add("zone", zone).build());
        assertEquals(200, refreshed.status(), refreshed.body());
        assertTrue(pdns.zoneKind(zone).equalsIgnoreCase("MASTER"), pdns.zoneKind(zone));
        assertEquals(3, pdns.metadata(zone, "ALSO-NOTIFY").lines().count(), pdns.metadata(zone, "ALSO-NOTIFY"));
    }

    /** A call of PowerDNS's API under the server, as an operator would make one beside the service: its status. */
    private static int powerDns(String method, String path, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(PowerDnsExtension.server().apiUrl() + "/api/v1/servers/localhost" + path))
                .header("X-API-Key", PowerDnsServer.API_KEY)
                .header("Content-Type", "application/json")
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpClient client = HttpClient.newHttpClient();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        // SQLite's "database is locked" against a concurrent writer (nameserver.md): nothing changed
        for (int retry = 0; retry < 3 && response.statusCode() == 500; retry++) {
            Thread.sleep(50L << retry);
            response = client.send(request, HttpResponse.BodyHandlers.ofString());
        }
        return response.statusCode();
    }

    private static Set<String> lines(String... values) {
        return new TreeSet<>(Set.of(values));
    }
}
