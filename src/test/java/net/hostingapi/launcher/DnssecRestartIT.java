package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import net.hostingapi.nameserver.DnssecProbe;
import net.hostingapi.nameserver.PowerDnsExtension;
import net.hostingapi.support.Api;
import net.hostingapi.support.PowerDnsServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The run command publishing to PowerDNS, first with DNSSEC_DEFAULT=on (a new zone is signed
 * without asking), stopped and started again on its data directory with it off: the
 * signed zone's state and DS are the same afterwards, and the zone goes on being signed with
 * the same key (a record added after the restart validates with the DS from before it). Run by
 * the build's "powerdns" failsafe execution.
 */
@ExtendWith(PowerDnsExtension.class)
class DnssecRestartIT {

    @Test
    void keysAndStateSurviveARestart() throws Exception {
        Path dataDir = Path.of("target", "restart-dnssec").toAbsolutePath();
        ServiceLauncher.deleteTree(dataDir);
        Files.createDirectories(dataDir);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        PowerDnsServer pdns = PowerDnsExtension.server();
        String zone = DnssecProbe.zoneName("r");
        Set<String> ds;
        Api api;
        Process first = launch(dataDir, port, pdns, true);
        try {
            assertEquals(200, ServiceProcess.awaitAnswer(port, first, Api.OPERATOR_TOKEN), "the first start answers");
            api = Api.at(new URL("http://127.0.0.1:" + port + "/"))
                    .newCustomer()
                    .api();
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
                                                    .add("data", "192.0.2.10")))
                            .build());
            assertEquals(201, created.status(), created.body());
            DnssecProbe probe = new DnssecProbe(api, pdns.dnsPort());
            // DNSSEC_DEFAULT=on (this start only): signed from its creation, without enable
            assertEquals(true, probe.dnssec(zone).getBoolean("enabled"));
            ds = DnssecProbe.ds(probe.awaitState(zone, "signed"));
        } finally {
            ServiceProcess.stop(first);
        }

        Process second = launch(dataDir, port, pdns, false);
        try {
            assertEquals(200, ServiceProcess.awaitAnswer(port, second, Api.OPERATOR_TOKEN), "the second start answers");
            // the same customer's token: it is stored in the database, which survives the restart
            DnssecProbe probe = new DnssecProbe(api, pdns.dnsPort());
            JsonObject dnssec = probe.dnssec(zone);
            assertEquals("signed", dnssec.getString("state"), dnssec.toString());
            assertEquals(true, dnssec.getBoolean("enabled"));
            assertEquals(ds, DnssecProbe.ds(dnssec), "the same DS after the restart");
            assertEquals(ds, probe.dsOfServedKeys(zone));
            Api.Response added = api.json(
                    "POST",
                    "/api/v1/dns/zones/records/add",
                    Json.createObjectBuilder()
                            .add("zone", zone)
                            .add(
                                    "records",
                                    Json.createArrayBuilder()
                                            .add(Json.createObjectBuilder()
                                                    .add("name", "after")
                                                    .add("type", "A")
                                                    .add("data", "192.0.2.99")))
                            .build());
            assertEquals(200, added.status(), added.body());
            probe.assertValidated(zone, "after." + zone, "A", "192.0.2.99", ds);

            // DNSSEC_DEFAULT off: a new zone is unsigned
            String unsigned = DnssecProbe.zoneName("n");
            assertEquals(
                    201,
                    api.json(
                                    "POST",
                                    "/api/v1/dns/zones/create",
                                    Json.createObjectBuilder()
                                            .add("name", unsigned)
                                            .build())
                            .status());
            assertEquals("unsigned", probe.dnssec(unsigned).getString("state"));
        } finally {
            ServiceProcess.stop(second);
        }
    }

    private static Process launch(Path dataDir, int port, PowerDnsServer pdns, boolean signNewZones) throws Exception {
        ProcessBuilder builder = ServiceProcess.runCommand(dataDir.resolveSibling("restart-dnssec.log"));
        Map<String, String> env = builder.environment();
        env.put("HTTP_PORT", Integer.toString(port));
        env.put("DNS_UPDATE_PORT", Integer.toString(EmbeddedMariaDb.freePort())); // not the shared test server's
        env.put("DATA_DIR", dataDir.toString());
        env.put("BOOTSTRAP_TOKEN", Api.OPERATOR_TOKEN);
        env.put("MAIL_OUTBOX_DIR", dataDir.resolve("outbox").toString());
        env.put("PDNS_API_URL", pdns.apiUrl());
        env.put("PDNS_API_KEY", PowerDnsServer.API_KEY);
        env.put("DNSSEC_DEFAULT", signNewZones ? "on" : "off");
        return builder.start();
    }
}
