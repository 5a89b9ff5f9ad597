package net.hostingapi.nameserver.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.transfers.control.TransferKey;
import net.hostingapi.transfers.control.TransferTarget;
import net.hostingapi.transfers.control.ZoneTransfers;
import net.hostingapi.zones.control.masterfile.ZoneFile;
import net.hostingapi.zones.control.names.RecordNames;
import net.hostingapi.zones.control.settings.ZoneSettings;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneRecord;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Publishes zones through the PowerDNS Authoritative HTTP API. A zone is created with our own SOA
 * ({@code soa_edit_api} empty, so the serial served is ours) and afterwards brought to its state
 * with one PATCH of the differences to what PowerDNS holds (read first): every RRset of ours that
 * PowerDNS holds otherwise is replaced, every other one of PowerDNS's deleted.
 *
 * <p>PowerDNS rectifies a zone after each change through its API (reads all of it back, sets each
 * name's auth flag and DNSSEC order, adds and removes empty non-terminals) unless the zone's
 * {@code api_rectify} is off. An unsigned zone is kept with it off and a change has it on only when
 * it can alter what a rectification sets ({@link #needsRectification}): a change of names directly
 * below the apex, the most common by far, alters nothing, and its rectification was half of what
 * PowerDNS's database spent on the publication (performance.md). A signed zone keeps it on.
 *
 * <p>Every zone is a primary zone ({@code Master}) for its secondaries ({@link ZoneTransfers}):
 * metadata ALLOW-AXFR-FROM lists the addresses of those without a key, ALSO-NOTIFY every one's
 * address and port, and the zone's {@code master_tsig_key_ids} (metadata TSIG-ALLOW-AXFR) the
 * keys that grant a transfer from any address, each key kept in PowerDNS's /tsigkeys. A whole
 * publication brings these to what they should be; after any publication that changed the zone
 * PowerDNS is asked to send NOTIFY at once (by itself it looks for changed serials only every
 * xfr-cycle-interval). PowerDNS must run with {@code primary=yes}, empty {@code allow-axfr-ips}
 * and {@code only-notify}, {@code send-signed-notify=no} and its own address as
 * {@code query-local-address} (nameserver.md).
 */
@ApplicationScoped
@Typed(PowerDnsPublisher.class)
public class PowerDnsPublisher implements NameserverPublisher {

    private static final Logger LOG = Logger.getLogger(PowerDnsPublisher.class.getName());

    /** The zone kind that makes PowerDNS send NOTIFY and serve transfers (4.7 takes "Primary" too, and shows it as this). */
    static final String PRIMARY_KIND = "Master";

    static final String ALLOW_AXFR_FROM = "ALLOW-AXFR-FROM";

    static final String ALSO_NOTIFY = "ALSO-NOTIFY";

    /**
     * Names whose kind, transfer metadata and keys a whole publication of this instance set:
     * a name not among them (published before the service started, perhaps as a Native zone, or
     * with another fleet) is published whole at its next change instead of by RRsets.
     */
    private final Set<String> primaryConfigured = ConcurrentHashMap.newKeySet();

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();

    @Inject
    @ConfigProperty(name = "PDNS_API_URL")
    Optional<String> apiUrl;

    @Inject
    @ConfigProperty(name = "PDNS_API_KEY")
    Optional<String> apiKey;

    @Inject
    @ConfigProperty(name = "PDNS_SERVER_ID", defaultValue = "localhost")
    String serverId;

    @Inject
    ZoneSettings settings;

    @Inject
    net.hostingapi.zones.control.dnssec.DnssecSettings dnssec;

    @Inject
    ZoneTransfers transfers;

    @Override
    public void publish(Zone zone, String origin, Signing signing) {
        List<TransferTarget> targets = transfers.of(zone);
        List<String> keyIds = tsigKeys(targets); // before the zone names them: PowerDNS refuses unknown keys
        Map<String, JsonObject> desired = rrsets(zone, origin, zone.records());
        String apex = origin + ".";
        if (signing == Signing.WITHDRAW) {
            // RFC 8078: the parent is asked to remove the DS; signed with the keys still served
            desired.put(apex + " CDS", rrset(apex, "CDS", zone.ttl(), Set.of(Signing.DELETE_CDS)));
            desired.put(apex + " CDNSKEY", rrset(apex, "CDNSKEY", zone.ttl(), Set.of(Signing.DELETE_CDNSKEY)));
        }
        boolean keepRectifying = signing.signed();
        HttpResponse<String> existing = send("GET", zonePath(origin), null);
        if (existing.statusCode() == 404 || existing.statusCode() == 422) {
            JsonArrayBuilder rrsets = JsonFields.JSON.createArrayBuilder();
            desired.values().forEach(rrsets::add);
            boolean rectify = keepRectifying || needsRectification(apex, desired.keySet(), desired);
            HttpResponse<String> created = send(
                    "POST",
                    serverPath() + "/zones",
                    JsonFields.JSON
                            .createObjectBuilder()
                            .add("name", apex)
                            .add("kind", PRIMARY_KIND)
                            .add("master_tsig_key_ids", JsonFields.JSON.createArrayBuilder(keyIds))
                            .add("soa_edit_api", "")
                            .add("api_rectify", rectify)
                            .add("nameservers", JsonFields.JSON.createArrayBuilder())
                            .add("rrsets", rrsets)
                            .build());
            if (created.statusCode() == 409) {
                // PowerDNS has the zone after all (created meanwhile by someone else): bring it to our state
                existing = send("GET", zonePath(origin), null);
            } else {
                expect(created, origin);
                transferMetadata(origin, Map.of(), targets);
                if (rectify && !keepRectifying) {
                    apiRectify(origin, false); // rectified as created; the changes to come decide for themselves
                }
                if (signing != Signing.NONE) {
                    // PowerDNS answers with the whole zone it stored: read only for its keys' state
                    // (a twentieth of what creating a zone of 1,000 records allocated)
                    signatures(origin, signing, parse(created.body()), Map.of());
                }
                primaryConfigured.add(origin);
                notifySecondaries(origin, !targets.isEmpty());
                return;
            }
        }
        expect(existing, origin);
        JsonObject held = parse(existing.body());
        Map<String, JsonObject> current = new LinkedHashMap<>();
        for (JsonObject rrset : held.getJsonArray("rrsets").getValuesAs(JsonObject.class)) {
            current.put(rrset.getString("name") + " " + rrset.getString("type"), rrset);
        }
        // Only what differs from what PowerDNS holds: replacing every RRset of a zone of some
        // thousand records on each change loaded PowerDNS and its database more than the change.
        JsonArrayBuilder changes = JsonFields.JSON.createArrayBuilder();
        Set<String> changed = new LinkedHashSet<>();
        for (Map.Entry<String, JsonObject> rrset : desired.entrySet()) {
            if (!sameRrset(rrset.getValue(), current.get(rrset.getKey()))) {
                changes.add(
                        JsonFields.JSON.createObjectBuilder(rrset.getValue()).add("changetype", "REPLACE"));
                changed.add(rrset.getKey());
            }
        }
        for (Map.Entry<String, JsonObject> rrset : current.entrySet()) {
            if (!desired.containsKey(rrset.getKey())) {
                changes.add(JsonFields.JSON
                        .createObjectBuilder()
                        .add("name", rrset.getValue().getString("name"))
                        .add("type", rrset.getValue().getString("type"))
                        .add("changetype", "DELETE"));
                changed.add(rrset.getKey());
            }
        }
        boolean rectify = keepRectifying || needsRectification(apex, changed, desired);
        if (rectify && !held.getBoolean("api_rectify", false)) {
            apiRectify(origin, true);
        }
        if (!changed.isEmpty()) {
            expect(
                    send(
                            "PATCH",
                            zonePath(origin),
                            JsonFields.JSON
                                    .createObjectBuilder()
                                    .add("rrsets", changes)
                                    .build()),
                    origin);
        }
        if (!keepRectifying) {
            // Also when PowerDNS shows it off: it shows a zone that never had the setting (made
            // before it was kept, or by hand) as off, and rectifies that one after every change.
            apiRectify(origin, false);
        }
        boolean transfersChanged = primarySettings(origin, held, keyIds);
        Map<String, List<String>> metadata = metadata(origin);
        transfersChanged |= transferMetadata(origin, metadata, targets);
        boolean signaturesChanged = signatures(origin, signing, held, metadata);
        primaryConfigured.add(origin);
        // a new secondary is told at once too, not at its first retry
        notifySecondaries(origin, !targets.isEmpty() && (!changed.isEmpty() || signaturesChanged || transfersChanged));
    }

    /**
     * The zone a primary ({@link #PRIMARY_KIND}; a zone made Native before it was published
     * with its secondaries is switched) whose transfers the keys {@code keyIds} grant; tells
     * whether it changed either.
     */
    private boolean primarySettings(String origin, JsonObject held, List<String> keyIds) {
        String kind = held.getString("kind", "");
        boolean primary = kind.equalsIgnoreCase(PRIMARY_KIND) || kind.equalsIgnoreCase("Primary");
        Set<String> heldKeys = new TreeSet<>();
        if (held.containsKey("master_tsig_key_ids") && !held.isNull("master_tsig_key_ids")) {
            held.getJsonArray("master_tsig_key_ids")
                    .getValuesAs(jakarta.json.JsonString::getString)
                    .forEach(id -> heldKeys.add(keyId(id)));
        }
        if (primary && heldKeys.equals(new TreeSet<>(keyIds))) {
            return false;
        }
        expect(
                send(
                        "PUT",
                        zonePath(origin),
                        JsonFields.JSON
                                .createObjectBuilder()
                                .add("kind", PRIMARY_KIND)
                                .add("master_tsig_key_ids", JsonFields.JSON.createArrayBuilder(keyIds))
                                .build()),
                origin);
        return true;
    }

    /**
     * ALLOW-AXFR-FROM and ALSO-NOTIFY set to what {@code targets} make them, or removed when
     * they make none, unless {@code held} (kind to values) holds that already; tells whether it
     * changed them.
     */
    private boolean transferMetadata(String origin, Map<String, List<String>> held, List<TransferTarget> targets) {
        boolean changed = false;
        for (Map.Entry<String, List<String>> kind : transferMetadata(targets).entrySet()) {
            List<String> values = kind.getValue();
            if (new TreeSet<>(held.getOrDefault(kind.getKey(), List.of())).equals(new TreeSet<>(values))) {
                continue;
            }
            writeMetadata(origin, kind.getKey(), values);
            changed = true;
        }
        return changed;
    }

    /**
     * What PowerDNS's metadata says of {@code targets}: ALLOW-AXFR-FROM the addresses of those
     * without a key (a key grants its transfer from any address, an address without a key
     * grants none), ALSO-NOTIFY each {@code address:port} ({@code [address]:port} for IPv6).
     */
    static Map<String, List<String>> transferMetadata(List<TransferTarget> targets) {
        Set<String> allowed = new LinkedHashSet<>();
        Set<String> notified = new LinkedHashSet<>();
        for (TransferTarget target : targets) {
            if (!target.signed()) {
                allowed.add(target.address());
            }
            notified.add((target.address().contains(":") ? "[" + target.address() + "]" : target.address()) + ":"
                    + target.port());
        }
        Map<String, List<String>> metadata = new LinkedHashMap<>();
        metadata.put(ALLOW_AXFR_FROM, List.copyOf(allowed));
        metadata.put(ALSO_NOTIFY, List.copyOf(notified));
        return metadata;
    }

    /**
     * The keys of {@code targets} as PowerDNS's /tsigkeys holds them, created or their secret
     * set where it differs; their ids ({@code name.}), each once. Keys are never deleted here:
     * another zone may name one; a key no zone names grants nothing.
     */
    private List<String> tsigKeys(List<TransferTarget> targets) {
        Map<String, TransferKey> keys = new LinkedHashMap<>();
        for (TransferTarget target : targets) {
            if (target.signed()) {
                keys.putIfAbsent(keyId(target.key().name()), target.key());
            }
        }
        for (Map.Entry<String, TransferKey> entry : keys.entrySet()) {
            tsigKey(entry.getKey(), entry.getValue());
        }
        return List.copyOf(keys.keySet());
    }

    private void tsigKey(String id, TransferKey key) {
        String path = serverPath() + "/tsigkeys/" + URLEncoder.encode(id, StandardCharsets.UTF_8);
        JsonObject wanted = JsonFields.JSON
                .createObjectBuilder()
                .add("name", key.name())
                .add("algorithm", key.algorithm())
                .add("key", key.secretBase64())
                .build();
        HttpResponse<String> held = send("GET", path, null);
        if (held.statusCode() == 404) {
            HttpResponse<String> created = send("POST", serverPath() + "/tsigkeys", wanted);
            if (created.statusCode() != 409) { // else made meanwhile by another publisher: compared below
                expect(created, key.name());
                return;
            }
            held = send("GET", path, null);
        }
        expect(held, key.name());
        JsonObject heldKey = parse(held.body());
        if (heldKey.getString("key", "").equals(key.secretBase64())
                && keyId(heldKey.getString("algorithm", "")).equals(keyId(key.algorithm()))) {
            return;
        }
        expect(send("PUT", path, wanted), key.name());
    }

    /** A key's (or algorithm's) name as PowerDNS's ids compare: lower case, with the root's dot. */
    static String keyId(String name) {
        String lower = name.strip().toLowerCase(java.util.Locale.ROOT);
        return lower.endsWith(".") ? lower : lower + ".";
    }

    /**
     * Asks PowerDNS to send NOTIFY to the zone's secondaries now, when {@code wanted}. A refusal
     * is logged, not thrown: the zone is published, and the secondaries find the change at
     * their next refresh (or PowerDNS's own check, every xfr-cycle-interval).
     */
    private void notifySecondaries(String origin, boolean wanted) {
        if (!wanted) {
            return;
        }
        try {
            HttpResponse<String> notified = send("PUT", zonePath(origin) + "/notify", null);
            if (notified.statusCode() / 100 != 2) {
                LOG.warning(() -> "PowerDNS did not queue the NOTIFY of " + origin + " (HTTP " + notified.statusCode()
                        + "): " + notified.body());
            }
        } catch (Unavailable e) {
            LOG.warning(() -> "NOTIFY of " + origin + " not sent: " + e.getMessage());
        }
    }

    /** The zone's metadata, kind to values. */
    private Map<String, List<String>> metadata(String origin) {
        Map<String, List<String>> metadata = new LinkedHashMap<>();
        for (JsonObject entry : array(send("GET", zonePath(origin) + "/metadata", null), origin)) {
            metadata.put(
                    entry.getString("kind"),
                    entry.getJsonArray("metadata").getValuesAs(jakarta.json.JsonString::getString));
        }
        return metadata;
    }

    /**
     * One PATCH of the SOA and the named RRsets, each replaced by the stored records or deleted
     * when none is left: a change of a record sends what it changed, where reading the whole zone
     * back from PowerDNS and comparing it made each publication cost as much as the zone is large.
     * PowerDNS refusing it (404 or 422: it lacks the zone, or holds something the RRsets conflict
     * with) leaves the whole zone to the caller.
     */
    @Override
    public boolean publishesRrsets() {
        return true;
    }

    @Override
    public boolean publishRrsets(Zone zone, String origin, Set<String> rrsets, List<ZoneRecord> records) {
        if (!primaryConfigured.contains(origin)) {
            return false; // its kind, transfers and keys are set with the whole zone first
        }
        Map<String, JsonObject> desired = rrsets(zone, origin, records);
        String apex = origin + ".";
        Set<String> keys = new LinkedHashSet<>();
        keys.add(apex + " SOA");
        for (String rrset : rrsets) {
            int space = rrset.indexOf(' ');
            keys.add(absolute(rrset.substring(0, space), apex) + rrset.substring(space));
        }
        boolean rectify = needsRectification(apex, keys, desired);
        if (rectify && !apiRectify(origin, true)) {
            return false;
        }
        JsonArrayBuilder changes = JsonFields.JSON.createArrayBuilder();
        for (String key : keys) {
            JsonObject rrset = desired.get(key);
            int space = key.lastIndexOf(' ');
            changes.add(
                    rrset != null
                            ? JsonFields.JSON.createObjectBuilder(rrset).add("changetype", "REPLACE")
                            : JsonFields.JSON
                                    .createObjectBuilder()
                                    .add("name", key.substring(0, space))
                                    .add("type", key.substring(space + 1))
                                    .add("changetype", "DELETE"));
        }
        if (!changeHeldZone(
                "PATCH",
                origin,
                JsonFields.JSON.createObjectBuilder().add("rrsets", changes).build())) {
            return false;
        }
        if (rectify) {
            apiRectify(origin, false);
        }
        notifySecondaries(
                origin, !transfers.fleet().isEmpty() || !zone.secondaries().isEmpty());
        return true;
    }

    /**
     * Whether changing the RRsets {@code changed} ({@code "owner TYPE"}, owners absolute) of an
     * unsigned zone, which is to hold {@code desired} afterwards (at least at those owners), can
     * alter what PowerDNS's rectification sets: an auth flag (a delegation, its glue and what lies
     * below it) or an empty non-terminal (a name of more than one label below the apex, or a name
     * left without records, below which names may remain). A name directly below the apex that
     * keeps records and has no NS alters neither.
     */
    static boolean needsRectification(String apex, Collection<String> changed, Map<String, JsonObject> desired) {
        Set<String> owners = new HashSet<>();
        Set<String> delegations = new HashSet<>();
        for (String key : desired.keySet()) {
            int space = key.lastIndexOf(' ');
            owners.add(key.substring(0, space));
            if (key.substring(space + 1).equals("NS")) {
                delegations.add(key.substring(0, space));
            }
        }
        for (String key : changed) {
            int space = key.lastIndexOf(' ');
            String owner = key.substring(0, space);
            if (owner.equals(apex)) {
                continue; // the apex is authoritative whatever it holds, and no non-terminal
            }
            String type = key.substring(space + 1);
            boolean oneLabelBelow =
                    owner.endsWith("." + apex) && owner.lastIndexOf('.', owner.length() - apex.length() - 2) < 0;
            if (!oneLabelBelow
                    || type.equals("NS")
                    || type.equals("DS")
                    || delegations.contains(owner)
                    || !owners.contains(owner)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Sets whether PowerDNS rectifies the zone after each change through its API (without
     * rectifying it now); false when PowerDNS lacks the zone (404 or 422).
     */
    private boolean apiRectify(String origin, boolean on) {
        return changeHeldZone(
                "PUT",
                origin,
                JsonFields.JSON.createObjectBuilder().add("api_rectify", on).build());
    }

    /** A change of the zone at PowerDNS; false when PowerDNS lacks the zone (404 or 422), else it must succeed. */
    private boolean changeHeldZone(String method, String origin, JsonObject body) {
        HttpResponse<String> response = send(method, zonePath(origin), body);
        if (response.statusCode() == 404 || response.statusCode() == 422) {
            return false;
        }
        expect(response, origin);
        return true;
    }

    /**
     * Keys, NSEC3 parameters and the metadata that publishes CDS and CDNSKEY brought to what
     * {@code signing} asks, then the zone rectified if any of them changed: PowerDNS serves
     * NSEC/NSEC3 chains and delegation flags from ordernames that only a rectify keeps right (a
     * change of records was rectified with it: a signed zone keeps {@code api_rectify} on).
     * The keys are made by PowerDNS and stay there; we read their public halves only.
     */
    private boolean signatures(String origin, Signing signing, JsonObject held, Map<String, List<String>> read) {
        if (signing == Signing.NONE) {
            return false;
        }
        boolean changed = false;
        boolean sign = signing.signed();
        if (sign && !held.getBoolean("dnssec", false)) {
            List<JsonObject> keys = array(send("GET", zonePath(origin) + "/cryptokeys", null), origin);
            if (keys.stream().noneMatch(k -> k.getBoolean("active", false))) {
                // One combined signing key (CSK), as PowerDNS itself makes one; its answer holds the
                // private key, which is read no further.
                expect(
                        send(
                                "POST",
                                zonePath(origin) + "/cryptokeys",
                                JsonFields.JSON
                                        .createObjectBuilder()
                                        .add("keytype", "csk")
                                        .add("active", true)
                                        .add("published", true)
                                        .add("algorithm", dnssec.powerDnsAlgorithm())
                                        .build()),
                        origin);
                changed = true;
            }
        }
        // PowerDNS takes NSEC3 parameters only for a zone with keys: set after the key, cleared before
        String nsec3 = sign ? dnssec.nsec3Param() : "";
        if (!nsec3.equals(held.getString("nsec3param", ""))) {
            expect(
                    send(
                            "PUT",
                            zonePath(origin),
                            JsonFields.JSON
                                    .createObjectBuilder()
                                    .add("nsec3param", nsec3)
                                    .build()),
                    origin);
            changed = true;
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        // a zone just created has none; otherwise the caller read them
        read.forEach((kind, values) -> metadata.put(kind, String.join(",", values)));
        // CDS and CDNSKEY of the keys while signed; none (the delete records are ours) otherwise
        changed |= metadata(origin, metadata, "PUBLISH-CDS", signing == Signing.SIGN ? "2,4" : null);
        changed |= metadata(origin, metadata, "PUBLISH-CDNSKEY", signing == Signing.SIGN ? "1" : null);
        if (signing == Signing.UNSIGN) {
            for (JsonObject key : array(send("GET", zonePath(origin) + "/cryptokeys", null), origin)) {
                HttpResponse<String> deleted =
                        send("DELETE", zonePath(origin) + "/cryptokeys/" + key.getInt("id"), null);
                if (deleted.statusCode() != 404) {
                    expect(deleted, origin);
                }
                changed = true;
            }
        }
        if (changed) {
            expect(send("PUT", zonePath(origin) + "/rectify", null), origin);
        }
        return changed;
    }

    /** Sets or (null) removes a metadata kind unless it is so already; tells whether it changed it. */
    private boolean metadata(String origin, Map<String, String> held, String kind, String value) {
        if (java.util.Objects.equals(held.get(kind), value)) {
            return false;
        }
        writeMetadata(origin, kind, value == null ? List.of() : List.of(value));
        return true;
    }

    /** Sets a metadata kind to {@code values}, or removes it when there are none. */
    private void writeMetadata(String origin, String kind, List<String> values) {
        String path = zonePath(origin) + "/metadata/" + kind;
        if (values.isEmpty()) {
            HttpResponse<String> deleted = send("DELETE", path, null);
            if (deleted.statusCode() != 404) {
                expect(deleted, origin);
            }
            return;
        }
        expect(
                send(
                        "PUT",
                        path,
                        JsonFields.JSON
                                .createObjectBuilder()
                                .add("metadata", JsonFields.JSON.createArrayBuilder(values))
                                .build()),
                origin);
    }

    /** PowerDNS's published keys of the zone with its own DS (digest types 2 and 4 only). */
    @Override
    public List<PublicKey> keys(String origin) {
        HttpResponse<String> response = send("GET", zonePath(origin) + "/cryptokeys", null);
        if (response.statusCode() == 404 || response.statusCode() == 422) {
            return List.of();
        }
        List<PublicKey> keys = new ArrayList<>();
        for (JsonObject key : array(response, origin)) {
            if (!key.getBoolean("published", true) || !key.getBoolean("active", false)) {
                continue;
            }
            String dnskey = key.getString("dnskey");
            String[] fields = dnskey.split("\\s+", 4);
            List<String> ds = new ArrayList<>();
            int keyTag = -1;
            if (key.containsKey("ds")) {
                for (jakarta.json.JsonString text : key.getJsonArray("ds").getValuesAs(jakarta.json.JsonString.class)) {
                    String[] d = text.getString().split("\\s+", 4);
                    keyTag = Integer.parseInt(d[0]);
                    if (PublicKey.DIGEST_TYPES.contains(Integer.parseInt(d[2]))) {
                        ds.add(PublicKey.ds(keyTag, Integer.parseInt(d[1]), Integer.parseInt(d[2]), d[3]));
                    }
                }
            }
            if (keyTag < 0) {
                keyTag = ServedKeys.keyTag(origin, dnskey);
            }
            keys.add(new PublicKey(
                    keyTag, Integer.parseInt(fields[2]), Integer.parseInt(fields[0]), dnskey, List.copyOf(ds)));
        }
        return keys;
    }

    private static List<JsonObject> array(HttpResponse<String> response, String origin) {
        expect(response, origin);
        try (var reader = JsonFields.JSON.createReader(new StringReader(response.body()))) {
            return reader.readArray().getValuesAs(JsonObject.class);
        }
    }

    /** The same TTL and the same records (content and disabled flag, in any order) as PowerDNS holds. */
    private static boolean sameRrset(JsonObject desired, JsonObject held) {
        if (held == null || !held.containsKey("ttl") || held.getInt("ttl") != desired.getInt("ttl")) {
            return false;
        }
        return records(desired).equals(records(held));
    }

    private static Set<String> records(JsonObject rrset) {
        Set<String> records = new HashSet<>();
        for (JsonObject record : rrset.getJsonArray("records").getValuesAs(JsonObject.class)) {
            records.add(record.getBoolean("disabled", false) + " " + record.getString("content"));
        }
        return records;
    }

    @Override
    public void remove(String origin) {
        primaryConfigured.remove(origin);
        HttpResponse<String> response = send("DELETE", zonePath(origin), null);
        if (response.statusCode() != 404 && response.statusCode() != 422) {
            expect(response, origin);
        }
    }

    @Override
    public String kind() {
        return "powerdns";
    }

    @Override
    public boolean isReachable() {
        try {
            return send("GET", serverPath(), null).statusCode() == 200;
        } catch (Unavailable e) {
            return false;
        }
    }

    /** The RRsets keyed by "name type": SOA and NS from the zone's settings, then {@code records}. */
    private Map<String, JsonObject> rrsets(Zone zone, String origin, List<ZoneRecord> records) {
        Map<String, Set<String>> contents = new LinkedHashMap<>();
        Map<String, Integer> ttls = new LinkedHashMap<>();
        String apex = origin + ".";
        add(contents, ttls, apex, "SOA", zone.ttl(), ZoneFile.soaData(zone));
        for (String nameserver : ZoneFile.nameservers(zone)) {
            add(contents, ttls, apex, "NS", zone.ttl(), nameserver);
        }
        for (ZoneRecord record : records) {
            String owner = absolute(record.name(), apex);
            for (String[] published : ZoneFile.published(record, settings)) {
                add(contents, ttls, owner, published[0], record.effectiveTtl(), published[1]);
            }
        }
        Map<String, JsonObject> rrsets = new LinkedHashMap<>();
        contents.forEach((key, values) -> {
            int space = key.lastIndexOf(' ');
            rrsets.put(key, rrset(key.substring(0, space), key.substring(space + 1), ttls.get(key), values));
        });
        return rrsets;
    }

    /** A record's owner ({@code @} or relative to the zone) as PowerDNS names it under {@code apex}. */
    private static String absolute(String owner, String apex) {
        return owner.equals(RecordNames.APEX) ? apex : owner + "." + apex;
    }

    private static JsonObject rrset(String name, String type, int ttl, Set<String> values) {
        JsonArrayBuilder records = JsonFields.JSON.createArrayBuilder();
        values.forEach(content -> records.add(
                JsonFields.JSON.createObjectBuilder().add("content", content).add("disabled", false)));
        return JsonFields.JSON
                .createObjectBuilder()
                .add("name", name)
                .add("type", type)
                .add("ttl", ttl)
                .add("records", records)
                .build();
    }

    /** An RRset has one TTL: the lowest of its records' (a set, since PowerDNS refuses duplicates). */
    private static void add(
            Map<String, Set<String>> contents,
            Map<String, Integer> ttls,
            String owner,
            String type,
            int ttl,
            String content) {
        String key = owner + " " + type;
        contents.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(content);
        ttls.merge(key, ttl, Math::min);
    }

    private String serverPath() {
        return "/api/v1/servers/" + URLEncoder.encode(serverId, StandardCharsets.UTF_8);
    }

    private String zonePath(String origin) {
        return serverPath() + "/zones/" + URLEncoder.encode(origin + ".", StandardCharsets.UTF_8);
    }

    /** Attempts after the first of a request PowerDNS answered with 500, 50 ms apart and doubling. */
    private static final int BACKEND_CONFLICT_RETRIES = 3;

    private HttpResponse<String> send(String method, String path, JsonObject body) {
        String base = apiUrl.orElseThrow(() -> new Unavailable("PDNS_API_URL is not set", null));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base.replaceAll("/+$", "") + path))
                .timeout(Duration.ofSeconds(5))
                .header("X-API-Key", apiKey.orElse(""))
                .header("Accept", "application/json")
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            HttpResponse<String> response =
                    client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            // PowerDNS answers 500 when its backend's transaction lost to a concurrent writer
            // (SQLite: "database is locked"; each NOTIFY has it write the zone's notified serial
            // too): nothing was changed, and the same request made again goes through.
            for (int retry = 0; retry < BACKEND_CONFLICT_RETRIES && response.statusCode() == 500; retry++) {
                Thread.sleep(50L << retry);
                response = client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            }
            return response;
        } catch (IOException e) {
            throw new Unavailable(
                    "PowerDNS at " + base + " cannot be reached: "
                            + java.util.Objects.requireNonNullElse(
                                    e.getMessage(), e.getClass().getSimpleName()),
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Unavailable("Interrupted while talking to PowerDNS", e);
        }
    }

    private static void expect(HttpResponse<String> response, String origin) {
        if (response.statusCode() / 100 != 2) {
            String error = response.body();
            try {
                error = parse(response.body()).getString("error", error);
            } catch (RuntimeException ignored) {
                // not JSON: keep the body as it is
            }
            throw new Unavailable(
                    "PowerDNS refused " + origin + " (HTTP " + response.statusCode() + "): " + error, null);
        }
    }

    private static JsonObject parse(String body) {
        try (var reader = JsonFields.JSON.createReader(new StringReader(body))) {
            JsonValue value = reader.readValue();
            return value.asJsonObject();
        }
    }
}
