package net.hostingapi.nameserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import net.hostingapi.support.Api;
import org.xbill.DNS.DClass;
import org.xbill.DNS.DNSKEYRecord;
import org.xbill.DNS.DSRecord;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;
import org.xbill.DNS.utils.base16;

/**
 * What a validating resolver and a registry see of a signed zone: delv (Debian's bind9-dnsutils)
 * with the API's DS as its only trust anchor, and the DNSKEY, CDS and CDNSKEY RRsets the
 * nameserver serves, asked with dnsjava. The same checks for PowerDNS and BIND.
 */
public final class DnssecProbe {

    private final Api api;
    private final String address;
    private final int dnsPort;

    public DnssecProbe(Api api, int dnsPort) {
        this(api, "127.0.0.1", dnsPort);
    }

    /** Asking the nameserver at {@code address} (a secondary, say) instead of 127.0.0.1. */
    public DnssecProbe(Api api, String address, int dnsPort) {
        this.api = api;
        this.address = address;
        this.dnsPort = dnsPort;
    }

    public static String zoneName(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 12) + ".example";
    }

    public Api.Response post(String path, String zone) {
        return api.json(
                "POST",
                "/api/v1/dns/zones/dnssec/" + path,
                Json.createObjectBuilder().add("zone", zone).build());
    }

    public JsonObject dnssec(String zone) {
        Api.Response answer = api.get("/api/v1/dns/zones/dnssec?zone=" + zone);
        assertEquals(200, answer.status(), answer.body());
        return answer.data().getJsonObject("dnssec");
    }

    /** Waits for the state the API answers, and returns that answer. */
    public JsonObject awaitState(String zone, String state) throws InterruptedException {
        JsonObject[] last = new JsonObject[1];
        await(() -> state.equals((last[0] = dnssec(zone)).getString("state")), zone + " in state " + state);
        return last[0];
    }

    /** The DS records of the API's answer (all keys), in upper case. */
    public static Set<String> ds(JsonObject dnssec) {
        Set<String> ds = new TreeSet<>();
        for (JsonObject key : dnssec.getJsonArray("keys").getValuesAs(JsonObject.class)) {
            key.getJsonArray("ds")
                    .getValuesAs(JsonString.class)
                    .forEach(d -> ds.add(d.getString().toUpperCase(Locale.ROOT)));
        }
        return ds;
    }

    /** The DS computed here from the DNSKEY RRset served: SHA-256 and SHA-384 of each SEP key. */
    public Set<String> dsOfServedKeys(String zone) throws IOException {
        Set<String> ds = new TreeSet<>();
        Name name = Name.fromString(zone + ".");
        for (Record record : query(zone, Type.DNSKEY)) {
            DNSKEYRecord key = (DNSKEYRecord) record;
            if ((key.getFlags() & DNSKEYRecord.Flags.SEP_KEY) != 0) {
                for (int digest : List.of(2, 4)) {
                    DSRecord d = new DSRecord(name, DClass.IN, 3600, digest, key);
                    ds.add(d.getFootprint() + " " + d.getAlgorithm() + " " + d.getDigestID() + " "
                            + base16.toString(d.getDigest()).toUpperCase(Locale.ROOT));
                }
            }
        }
        return ds;
    }

    /** The RRset served (without signatures), each record's rdata in presentation form. */
    public Set<String> served(String zone, int type) throws IOException {
        Set<String> rdata = new TreeSet<>();
        for (Record record : query(zone, type)) {
            rdata.add(record.rdataToString().toUpperCase(Locale.ROOT).replaceAll("\\s+", " "));
        }
        return rdata;
    }

    public List<Record> query(String name, int type) throws IOException {
        SimpleResolver resolver = new SimpleResolver(new InetSocketAddress(address, dnsPort));
        resolver.setTCP(true);
        resolver.setTimeout(Duration.ofSeconds(5));
        Message answer =
                resolver.send(Message.newQuery(Record.newRecord(Name.fromString(name + "."), type, DClass.IN)));
        List<Record> records = new ArrayList<>();
        for (Record record : answer.getSection(Section.ANSWER)) {
            if (record.getType() == type) {
                records.add(record);
            }
        }
        return records;
    }

    /**
     * delv against the nameserver, with the DS records given as its only trust anchors (initial-ds)
     * and the zone as the root of validation: its whole output.
     */
    public String delv(String zone, String name, String type, Set<String> ds) throws IOException, InterruptedException {
        StringBuilder anchors = new StringBuilder("trust-anchors {\n");
        for (String d : ds) {
            String[] f = d.split(" ", 4);
            anchors.append("  \"")
                    .append(zone)
                    .append(".\" initial-ds ")
                    .append(f[0])
                    .append(' ')
                    .append(f[1])
                    .append(' ')
                    .append(f[2])
                    .append(" \"")
                    .append(f[3])
                    .append("\";\n");
        }
        anchors.append("};\n");
        Path file = Files.createTempFile("anchors", ".conf");
        try {
            Files.writeString(file, anchors, StandardCharsets.UTF_8);
            Process delv = new ProcessBuilder(
                            "delv",
                            "@" + address,
                            "-p",
                            Integer.toString(dnsPort),
                            "-a",
                            file.toString(),
                            "+root=" + zone + ".",
                            name + ".",
                            type)
                    .redirectErrorStream(true)
                    .start();
            if (!delv.waitFor(30, TimeUnit.SECONDS)) {
                delv.destroyForcibly();
                throw new AssertionError("delv did not finish");
            }
            return new String(delv.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError("delv is missing: apt-get install bind9-dnsutils (README, Prerequisites)", e);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** delv validates {@code name type} and its answer holds {@code rdata}. */
    public void assertValidated(String zone, String name, String type, String rdata, Set<String> ds) throws Exception {
        String[] out = new String[1];
        await(
                () -> {
                    try {
                        out[0] = delv(zone, name, type, ds);
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                    return out[0].contains("; fully validated") && out[0].contains(rdata);
                },
                "delv validates " + name + " " + type + " " + rdata);
        assertTrue(out[0].contains("; fully validated"), out[0]);
    }

    /** delv proves that {@code name} does not exist. */
    public void assertValidatedNegative(String zone, String name, Set<String> ds) throws Exception {
        String out = delv(zone, name, "A", ds);
        assertTrue(out.contains("; negative response, fully validated"), out);
    }

    public static void await(Supplier<Boolean> condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.get()) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("Not within 90 s: " + what);
    }
}
