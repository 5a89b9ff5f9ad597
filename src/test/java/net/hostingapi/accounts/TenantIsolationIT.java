package net.hostingapi.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import net.hostingapi.accounts.Sweep.Call;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.OpenApiOperations;
import net.hostingapi.support.OpenApiOperations.Operation;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * api.md, Authentication and rights: objects of another account do not exist for the caller. Account A owns one of
 * everything; account B, holding every right a customer can have, calls every operation of the
 * served OpenAPI document with A's identifiers in every parameter. Operations that address an
 * object answer 404, exactly as for an identifier that exists nowhere; the others (lists,
 * statistics, creation, catalogues) show and count nothing of A's and refuse A's names without
 * naming A. Afterwards A's objects are exactly as they were.
 */
@ServiceTest
@RunAsClient
class TenantIsolationIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    /** The operator's operations: a customer's token is refused 403 whatever it sends. */
    private static final Set<String> OPERATOR_OPERATIONS = Set.of(
            "POST /api/v1/customers/create",
            "POST /api/v1/datacenter/machines/create",
            "POST /api/v1/datacenter/machines/delete");

    private enum Kind {
        /** Addresses one object through its target parameters (marked {@code *}): 404 for A's. */
        OBJECT,
        /** Lists, statistics, creation, catalogues: checked by the spec's own check. */
        NO_OBJECT,
        /** Needs no token; not swept, for the stated reason. */
        PUBLIC
    }

    /**
     * What the sweep knows of an operation: its kind, the parameters it takes ({@code *name} a
     * target, {@code name=key} a value of the table under another key), a reason for public ones,
     * and the check of a NO_OBJECT operation (also extra checks of an OBJECT one, with B's own objects).
     */
    private record Spec(Kind kind, List<String> params, String reason, Consumer<Operation> check) {}

    /**
     * A parameter's values: {@code neutral} valid and no identifier of A's (fresh, or B's own);
     * {@code ofA} A's identifiers, by name and by id (every spelling that would reach A's object if B could);
     * {@code ghost} the same shape, existing nowhere.
     */
    private record Value(Supplier<JsonValue> neutral, List<JsonValue> ofA, Supplier<JsonValue> ghost) {

        /** A ghost spelled as {@code like}: a number-like identifier (an object's id) gets a number no object has. */
        JsonValue ghostLike(JsonValue like) {
            if (like != null
                    && like.getValueType() == JsonValue.ValueType.STRING
                    && Sweep.text(like).matches("[0-9]+")) {
                return Json.createValue(String.valueOf(900_000_000_000L + rnd()));
            }
            return ghost.get();
        }
    }

    private record Param(String name, String key, boolean target) {

        static Param of(String spelled) {
            boolean target = spelled.startsWith("*");
            String bare = target ? spelled.substring(1) : spelled;
            int equals = bare.indexOf('=');
            return equals < 0
                    ? new Param(bare, bare, target)
                    : new Param(bare.substring(0, equals), bare.substring(equals + 1), target);
        }
    }

    private final Sweep sweep = new Sweep();
    private final Map<String, Value> values = new LinkedHashMap<>();
    private final Map<String, Spec> specs = new LinkedHashMap<>();
    /** Strings only A's objects hold; none may appear in an answer to B unless B's request carried it. */
    private final Set<String> markers = new TreeSet<>();

    private Api.Customer a;
    private Api.Customer b;
    private Api bApi;

    // A's objects
    private String aOwner;
    private String aAlice;
    private String aZone;
    private String aDomain;
    private long aRecordId;
    private long aZoneId;
    private long aHandleId;
    private String aHandle;
    private long aActionId;
    private long aMachineId;
    private String aActionMac;
    private String aActionIp;
    private String aProject;
    private String aProjectName;
    private long aTokenId;
    private long aSecondTokenId;
    private String aSecondToken;

    // B's own objects
    private String bZone;
    private String bHandle;
    private String bProject;

    @Test
    void anotherAccountsObjectsDoNotExistThroughAnyOperation() {
        createAccountA();
        createAccountB();
        Map<String, String> before = snapshotOfA();
        defineValues();
        defineSpecs();

        List<Operation> operations = OpenApiOperations.served(Api.at(base));
        assertTrue(operations.size() >= 40, "the served document lists every operation; found only " + operations);
        Set<String> served = operations.stream().map(Operation::key).collect(Collectors.toSet());
        for (String known : specs.keySet()) {
            sweep.expect(served.contains(known), "the sweep knows " + known + ", which /openapi no longer lists");
        }

        int swept = 0;
        List<String> skipped = new ArrayList<>();
        for (Operation operation : operations) {
            Spec spec = specs.get(operation.key());
            if (spec == null) {
                sweep.problem(
                        operation.key() + ": an operation the sweep does not know; add its parameters and expectation");
                continue;
            }
            for (String name : operation.pathParameters()) {
                sweep.expect(
                        spec.params().stream()
                                .map(Param::of)
                                .anyMatch(p -> p.name().equals(name)),
                        operation.key() + ": path parameter {" + name + "} missing from the sweep's parameter list");
            }
            for (String spelled : spec.params()) {
                sweep.expect(
                        values.containsKey(Param.of(spelled).key()),
                        operation.key() + ": no value for parameter " + spelled);
            }
            switch (spec.kind()) {
                case PUBLIC -> skipped.add(operation.key() + " (" + spec.reason() + ")");
                case OBJECT -> {
                    sweepObject(operation, spec);
                    if (spec.check() != null) {
                        spec.check().accept(operation);
                    }
                    swept++;
                }
                case NO_OBJECT -> {
                    spec.check().accept(operation);
                    swept++;
                }
            }
        }
        System.out.println("TenantIsolationIT: " + operations.size() + " operations served, " + swept + " swept with "
                + sweep.calls() + " calls; not swept: " + skipped);

        Map<String, String> after = snapshotOfA();
        for (String what : before.keySet()) {
            sweep.expect(
                    before.get(what).equals(after.get(what)),
                    "A's " + what + " changed:\n    before " + before.get(what) + "\n    after  " + after.get(what));
        }
        Api aSecond = Api.at(base).withToken(aSecondToken);
        sweep.expect(aSecond.get("/api/v1/dns/zones").status() == 200, "A's second token stopped working");
        sweep.assertNoProblems("cross-tenant sweep");
    }

    // ------------------------------------------------------------------ the table

    private void defineValues() {
        value("a_user", () -> str(b.username()), List.of(str(aOwner), str(aAlice)), () -> str(Sweep.unique("ghost")));
        value(
                "new_username",
                () -> str(Sweep.unique("bu")),
                List.of(str(aOwner), str(aAlice)),
                () -> str(Sweep.unique("ghost")));
        value("email", () -> str(Sweep.unique("b") + "@example.com"), List.of(), null);
        value("token_id", null, List.of(num(aSecondTokenId), num(aTokenId)), () -> num(900_000_000_000L + rnd()));
        value("valid_until", () -> str("2099-01-01 00:00:00"), List.of(), null);
        value("rights", () -> Json.createArrayBuilder().add("DNS_ZONES_LIST").build(), List.of(), null);
        value(
                "permissions",
                () -> Json.createArrayBuilder().add("DNS_ZONES_LIST").build(),
                List.of(),
                null);
        value(
                "project_uuid",
                () -> str(bProject),
                List.of(str(aProject)),
                () -> str(java.util.UUID.randomUUID().toString()));
        value("project_name", () -> str("B's project"), List.of(), null);
        value(
                "zone",
                () -> str(bZone),
                List.of(
                        str(aZone),
                        str(aZone.toUpperCase(Locale.ROOT) + "."),
                        str(aDomain),
                        str(String.valueOf(aZoneId))),
                () -> str(Sweep.unique("ghost") + ".example"));
        String parent = aZone.substring(aZone.indexOf('.') + 1);
        value(
                "new_zone",
                () -> str(Sweep.unique("bz") + ".example"),
                List.of(
                        str(aZone),
                        str(aZone.toUpperCase(Locale.ROOT) + "."),
                        str(aDomain),
                        str("www." + aZone),
                        str(parent),
                        str("www." + aDomain)),
                () -> str(Sweep.unique("ghost") + ".example"));
        value(
                "domainName",
                () -> str(Sweep.unique("bd") + ".example"),
                List.of(str(aDomain), str(aZone), str("www." + aZone), str("www." + aDomain)),
                () -> str(Sweep.unique("ghost") + ".example"));
        value("forceDelete", () -> JsonValue.TRUE, List.of(), null);
        value(
                "history_entry",
                () -> num(latestEntry(bApi, bZone)),
                List.of(num(latestEntry(a.api(), aZone))),
                () -> num(900_000_000_000L + rnd()));
        value("zone_file", () -> str("$TTL 300\nsweep IN TXT \"sweep\"\n"), List.of(), null);
        value(
                "policy_names",
                () -> Json.createArrayBuilder().add("_acme-challenge").build(),
                List.of(),
                null);
        value("ttl", () -> num(600), List.of(), null);
        value(
                "records_add",
                () -> Json.createArrayBuilder()
                        .add(record("sweep", "TXT", "sweep"))
                        .build(),
                List.of(),
                null);
        value(
                "rrset_changes",
                () -> Json.createArrayBuilder()
                        .add(Json.createObjectBuilder()
                                .add("name", "sweep")
                                .add("type", "TXT")
                                .add("records", Json.createArrayBuilder().add("sweep")))
                        .build(),
                List.of(),
                null);
        value(
                "record_selectors",
                () -> Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("name", "www"))
                        .build(),
                List.of(Json.createArrayBuilder()
                        .add(Json.createObjectBuilder().add("id", aRecordId))
                        .build()),
                null);
        value(
                "handle",
                () -> str(bHandle),
                List.of(str(aHandle), str(aHandle.toLowerCase(Locale.ROOT)), str(String.valueOf(aHandleId))),
                () -> str(ghostHandle()));
        JsonObject person = person("x@example.com").build();
        for (String field : List.of(
                "type",
                "sex",
                "firstname",
                "lastname",
                "street",
                "number",
                "postcode",
                "city",
                "region",
                "country",
                "phone")) {
            value(field, () -> person.get(field), List.of(), null);
        }
        value("organisation", () -> str("B Org"), List.of(), null);
        value("countryofbirth", () -> str("DE"), List.of(), null);
        value("dateofbirth", () -> str("1970-01-01"), List.of(), null);
        value("fax", () -> str("+49.2211234568"), List.of(), null);
        value("action_id", null, List.of(num(aActionId)), () -> num(900_000_000_000L + rnd()));
        value("machine_id", null, List.of(num(aMachineId)), () -> num(900_000_000_000L + rnd()));
        value("mac_address", () -> str(mac()), List.of(str(aActionMac)), null);
        value("addresses", () -> Json.createArrayBuilder().add(ip()).build(), List.of(), null);
        value("address", () -> str(ip()), List.of(str(aActionIp)), null);
        value("action", () -> str("RESCUE"), List.of(), null);
        value("hostname", () -> str("web1.example.com"), List.of(), null);
    }

    private void defineSpecs() {
        String users = "/api/v1/account/users";
        spec("GET " + users, Kind.NO_OBJECT, List.of(), op -> {
            Call listed = send(op, Map.of());
            if (ok(listed, 200)) {
                Set<String> names = names(listed, "users", "username");
                sweep.expect(names.equals(Set.of(b.username())), "B's user list shows other users: " + names);
            }
        });
        spec("POST " + users + "/create", Kind.NO_OBJECT, List.of("username=new_username", "email"), op -> {
            for (JsonValue taken : values.get("new_username").ofA()) {
                Call call = send(op, Map.of("username", taken));
                sweep.expect(
                        call.status() == 409 && call.errorCodes().contains(4091),
                        "a username of A's is taken for B too (409 NAME_TAKEN): " + call);
            }
        });
        spec("GET " + users + "/{username}", Kind.OBJECT, List.of("*username=a_user"), null);
        spec(
                "POST " + users + "/tokens/create",
                Kind.NO_OBJECT,
                List.of("user=a_user", "valid_until", "rights"),
                op -> sameAsGhost(op, "user", "a_user", Set.of(404, 422)));
        spec("GET " + users + "/tokens/tokens", Kind.NO_OBJECT, List.of(), op -> {
            Call listed = send(op, Map.of());
            if (ok(listed, 200)) {
                Set<String> ids = names(listed, "tokens", "id");
                sweep.expect(
                        !ids.contains(String.valueOf(aTokenId)) && !ids.contains(String.valueOf(aSecondTokenId)),
                        "B's token list shows A's tokens: " + listed);
            }
        });
        spec("GET " + users + "/tokens/{id}", Kind.OBJECT, List.of("*id=token_id"), null);
        spec("POST " + users + "/tokens/{id}/deactivate", Kind.OBJECT, List.of("*id=token_id"), null);
        spec("PUT " + users + "/tokens/{id}/update", Kind.OBJECT, List.of("*id=token_id", "names=policy_names"), null);

        String permissions = "/api/v1/account/permissions";
        spec("GET " + permissions, Kind.NO_OBJECT, List.of(), op -> ok(send(op, Map.of()), 200));
        spec("GET " + permissions + "/assigned", Kind.NO_OBJECT, List.of(), op -> {
            Call assigned = send(op, Map.of());
            if (ok(assigned, 200)) {
                sweep.expect(
                        b.username().equals(assigned.answer().data().getString("user")),
                        "assigned names another user: " + assigned);
            }
        });
        spec("PUT " + permissions + "/update", Kind.OBJECT, List.of("*user=a_user", "permissions"), null);

        String projects = "/api/v1/projects";
        spec("GET " + projects, Kind.NO_OBJECT, List.of(), op -> {
            Call listed = send(op, Map.of());
            if (ok(listed, 200)) {
                sweep.expect(
                        !names(listed, "projects", "uuid").contains(aProject),
                        "B's project list shows A's project: " + listed);
            }
        });
        spec("POST " + projects + "/create", Kind.NO_OBJECT, List.of("name=project_name"), op -> {
            // addresses nothing: B gets a project of its own
            Call created = send(op, Map.of());
            if (ok(created, 201)) {
                sweep.expect(
                        !aProject.equals(
                                created.answer().data().getJsonObject("project").getString("uuid")),
                        "creating a project answered A's project");
            }
        });
        spec("GET " + projects + "/show", Kind.OBJECT, List.of("*project_uuid"), null);
        spec("DELETE " + projects + "/delete", Kind.OBJECT, List.of("*project_uuid"), null);

        spec("POST /api/v1/customers/create", Kind.NO_OBJECT, List.of("username=new_username", "email"), op -> {
            // the operator's operation, addressing no object: a customer lacks its right, whatever the name
            for (JsonValue name : values.get("new_username").ofA()) {
                Call call = send(op, Map.of("username", name));
                sweep.expect(
                        call.status() == 403 && call.answer().body().contains("CUSTOMERS_CREATE"),
                        "customers/create by a customer must be 403 naming CUSTOMERS_CREATE: " + call);
            }
        });

        String zones = "/api/v1/dns/zones";
        spec("GET " + zones, Kind.NO_OBJECT, List.of(), op -> {
            Call listed = send(op, Map.of());
            if (ok(listed, 200)) {
                Set<String> names = names(listed, "zones", "name");
                sweep.expect(!names.contains(aZone) && names.contains(bZone), "B's zone list shows A's zone: " + names);
            }
        });
        spec(
                "POST " + zones + "/create",
                Kind.NO_OBJECT,
                List.of("name=new_zone", "user=a_user", "project_uuid", "records=records_add"),
                op -> {
                    for (JsonValue taken : values.get("new_zone").ofA()) {
                        Call call = send(op, Map.of("name", taken));
                        sweep.expect(
                                call.status() == 409 && call.errorCodes().equals(List.of(4091)),
                                "a zone name equal to or nesting with A's zone or domain must be 409 NAME_TAKEN for B: "
                                        + call);
                        if (call.status() == 201) { // undone, so that the rest of the sweep is not about it
                            bApi.json(
                                    "DELETE",
                                    "/api/v1/dns/zones/delete",
                                    Json.createObjectBuilder()
                                            .add(
                                                    "zone",
                                                    call.answer()
                                                            .data()
                                                            .getJsonObject("zone")
                                                            .getString("name"))
                                            .add("forceDelete", true)
                                            .build());
                        }
                    }
                    sameAsGhost(op, "user", "a_user", Set.of(404, 422));
                    sameAsGhost(op, "project_uuid", "project_uuid", Set.of(404, 422));
                });
        spec("DELETE " + zones + "/delete", Kind.OBJECT, List.of("*zone", "forceDelete"), null);
        spec("POST " + zones + "/records/add", Kind.OBJECT, List.of("*zone", "records=records_add"), null);
        spec("POST " + zones + "/rrsets/change", Kind.OBJECT, List.of("*zone", "changes=rrset_changes"), null);
        spec("DELETE " + zones + "/records/delete", Kind.OBJECT, List.of("*zone", "records=record_selectors"), op -> {
            // A's record by id, in B's own zone: matches nothing
            Call call = send(
                    op,
                    Map.of(
                            "zone",
                            str(bZone),
                            "records",
                            values.get("record_selectors").ofA().get(0)));
            sweep.expect(
                    call.status() == 200 && call.warningCodes().contains(3011),
                    "deleting A's record by id from B's zone must match nothing (200, warning 3011): " + call);
        });
        spec("POST " + zones + "/refresh", Kind.OBJECT, List.of("*zone", "forceDelete"), null);
        spec("GET " + zones + "/show", Kind.OBJECT, List.of("*zone"), null);
        spec("GET " + zones + "/export", Kind.OBJECT, List.of("*zone"), null);
        spec("GET " + zones + "/dnssec", Kind.OBJECT, List.of("*zone"), null);
        spec("GET " + zones + "/status", Kind.OBJECT, List.of("*zone"), null);
        spec("POST " + zones + "/dnssec/enable", Kind.OBJECT, List.of("*zone"), null);
        spec("POST " + zones + "/dnssec/disable", Kind.OBJECT, List.of("*zone"), null);
        spec("GET " + zones + "/history", Kind.OBJECT, List.of("*zone"), null);
        spec("POST " + zones + "/restore", Kind.OBJECT, List.of("*zone", "*entry=history_entry"), null);
        spec("POST " + zones + "/import", Kind.NO_OBJECT, List.of("zone=new_zone", "file=zone_file"), op -> {
            // Into a name of A's (or nesting with one): B has no such zone, so the import would create it.
            for (JsonValue taken : values.get("new_zone").ofA()) {
                Call call = send(
                        op,
                        Map.of(
                                "zone",
                                taken,
                                "file",
                                values.get("zone_file").neutral().get()));
                sweep.expect(
                        call.status() == 409 && call.errorCodes().equals(List.of(4091)),
                        "importing into A's zone name (or one nesting with it) must be 409 NAME_TAKEN for B: " + call);
            }
        });
        spec("GET " + zones + "/statistics", Kind.NO_OBJECT, List.of(), op -> {
            Call stats = send(op, Map.of());
            JsonArray own = bApi.get(zones).data().getJsonArray("zones");
            if (ok(stats, 200)) {
                JsonObject statistics = stats.answer().data().getJsonObject("statistics");
                int records = own.getValuesAs(JsonObject.class).stream()
                        .mapToInt(z -> z.getJsonArray("records").size())
                        .sum();
                int domains = own.getValuesAs(JsonObject.class).stream()
                        .mapToInt(z -> z.getJsonArray("domains").size())
                        .sum();
                sweep.expect(
                        statistics.getInt("zones") == own.size()
                                && statistics.getInt("records") == records
                                && statistics.getInt("domains") == domains,
                        "B's zone statistics count more than B's " + own.size() + " zones, " + records + " records, "
                                + domains + " domains: " + statistics);
            }
        });
        spec(
                "PUT " + zones + "/update",
                Kind.OBJECT,
                List.of("*zone", "user=a_user", "project_uuid", "records=records_add", "ttl"),
                op -> {
                    // B's own zone, given A's user or project: as for ones that exist nowhere
                    sameAsGhost(op, "user", "a_user", Set.of(404, 422));
                    sameAsGhost(op, "project_uuid", "project_uuid", Set.of(404, 422));
                });
        spec("POST " + zones + "/{zone}/assignDomain", Kind.OBJECT, List.of("*zone", "domainName"), op -> {
            for (JsonValue taken : values.get("domainName").ofA()) {
                Call call = send(op, Map.of("zone", str(bZone), "domainName", taken));
                sweep.expect(
                        call.status() == 409 && call.errorCodes().equals(List.of(4091)),
                        "assigning A's zone or domain (or a name nesting with them) to B's zone must be 409 NAME_TAKEN: "
                                + call);
                if (call.status() == 200) { // undone, so that the rest of the sweep is not about it
                    bApi.json(
                            "POST",
                            "/api/v1/dns/zones/" + bZone + "/dissociateDomain",
                            Json.createObjectBuilder().add("domainName", taken).build());
                }
            }
        });
        spec(
                "POST " + zones + "/{zone}/dissociateDomain",
                Kind.OBJECT,
                List.of("*zone", "domainName"),
                op -> sameAsGhost(op, "domainName", "domainName", Set.of(404)));

        String handles = "/api/v1/domain/handles";
        List<String> handleFields = List.of(
                "street",
                "number",
                "postcode",
                "city",
                "region",
                "country",
                "email",
                "phone",
                "organisation",
                "countryofbirth",
                "fax",
                "user=a_user",
                "project_uuid");
        spec("GET " + handles, Kind.NO_OBJECT, List.of(), op -> {
            Call listed = send(op, Map.of());
            if (ok(listed, 200)) {
                Set<String> names = names(listed, "handles", "handle");
                sweep.expect(names.equals(Set.of(bHandle)), "B's handle list shows other handles: " + names);
            }
        });
        spec("GET " + handles + "/countries", Kind.NO_OBJECT, List.of(), op -> ok(send(op, Map.of()), 200));
        List<String> newHandle = new ArrayList<>(List.of("type", "sex", "firstname", "lastname", "dateofbirth"));
        newHandle.addAll(handleFields);
        spec("POST " + handles + "/create", Kind.NO_OBJECT, newHandle, op -> {
            sameAsGhost(op, "user", "a_user", Set.of(404, 422));
            sameAsGhost(op, "project_uuid", "project_uuid", Set.of(404, 422));
        });
        spec("DELETE " + handles + "/delete", Kind.OBJECT, List.of("*handle"), null);
        List<String> edit = new ArrayList<>(List.of("*handle"));
        edit.addAll(handleFields);
        spec("POST " + handles + "/edit", Kind.OBJECT, edit, op -> {
            sameAsGhost(op, "user", "a_user", Set.of(404, 422));
            sameAsGhost(op, "project_uuid", "project_uuid", Set.of(404, 422));
        });
        spec("GET " + handles + "/show", Kind.OBJECT, List.of("*handle"), null);
        spec("GET " + handles + "/statistics", Kind.NO_OBJECT, List.of(), op -> {
            Call stats = send(op, Map.of());
            if (ok(stats, 200)) {
                sweep.expect(
                        stats.answer().data().getJsonObject("statistics").getInt("total") == 1,
                        "B's handle statistics count other accounts' handles: " + stats);
            }
        });
        spec("POST " + handles + "/verification/refresh", Kind.OBJECT, List.of("*handle"), null);
        spec("POST " + handles + "/verification/resend", Kind.OBJECT, List.of("*handle"), null);
        String confirm =
                "public by contract: the mailed link's single-use token is the only key, no account is involved;"
                        + " HandleVerificationIT covers it";
        publicSpec("GET " + handles + "/verification/confirm", confirm);
        publicSpec("POST " + handles + "/verification/confirm", confirm);

        String actions = "/api/v1/datacenter/server-actions";
        spec("GET " + actions, Kind.NO_OBJECT, List.of(), op -> {
            Call listed = send(op, Map.of());
            if (ok(listed, 200)) {
                sweep.expect(
                        !names(listed, "actions", "id").contains(String.valueOf(aActionId)),
                        "B's action list shows A's action: " + listed);
            }
        });
        spec(
                "POST " + actions + "/create",
                Kind.NO_OBJECT,
                List.of("mac_address", "address", "action", "hostname"),
                op -> {
                    // A's machine, by MAC address, by id, or by its address on a machine B names: 404, as a machine
                    // that does not exist (api.md, Server actions), never A's busy machine's 409
                    Map<String, Map<String, JsonValue>> tries = new LinkedHashMap<>();
                    tries.put(
                            "A's MAC address",
                            Map.of(
                                    "mac_address",
                                    values.get("mac_address").ofA().get(0)));
                    tries.put(
                            "A's machine id",
                            Map.of("machine", values.get("machine_id").ofA().get(0), "mac_address", JsonValue.NULL));
                    tries.put(
                            "A's MAC address and address",
                            Map.of(
                                    "mac_address",
                                            values.get("mac_address").ofA().get(0),
                                    "address", values.get("address").ofA().get(0)));
                    Call ghost = send(
                            op,
                            Map.of("machine", values.get("machine_id").ghost().get(), "mac_address", JsonValue.NULL));
                    Call fresh = send(op, Map.of());
                    for (Map.Entry<String, Map<String, JsonValue>> attempt : tries.entrySet()) {
                        Call call = send(op, attempt.getValue());
                        sweep.expect(
                                call.status() == 404 && call.errorCodes().equals(List.of(4040)),
                                "scheduling on " + attempt.getKey() + " must be 404 for B: " + call);
                        sweep.expect(
                                call.shape().equals(ghost.shape())
                                        && call.shape().equals(fresh.shape()),
                                "scheduling on " + attempt.getKey()
                                        + " answers unlike a machine that does not exist:\n    " + call + "\n    "
                                        + ghost + "\n    " + fresh);
                    }
                });
        spec("GET " + actions + "/show", Kind.OBJECT, List.of("*id=action_id"), null);
        String machines = "/api/v1/datacenter/machines";
        spec("GET " + machines, Kind.NO_OBJECT, List.of(), op -> {
            Call listed = send(op, Map.of());
            if (ok(listed, 200)) {
                sweep.expect(
                        listed.answer().data().getJsonArray("machines").isEmpty(),
                        "B's machine list shows machines of other accounts: " + listed);
            }
        });
        // the operator's operations: a customer lacks their right whatever it names, A's machine or none
        spec(
                "POST " + machines + "/create",
                Kind.NO_OBJECT,
                List.of("customer=new_username", "mac_address", "addresses"),
                op -> {
                    for (Map<String, JsonValue> names : List.of(
                            Map.<String, JsonValue>of("customer", str(a.username())),
                            Map.of(
                                    "customer",
                                    str(b.username()),
                                    "mac_address",
                                    values.get("mac_address").ofA().get(0)),
                            Map.of("customer", str(b.username())))) {
                        Call call = send(op, names);
                        sweep.expect(
                                call.status() == 403 && call.answer().body().contains("MACHINES_CRUD"),
                                "machines/create by a customer must be 403 naming MACHINES_CRUD: " + call);
                    }
                });
        spec("POST " + machines + "/delete", Kind.NO_OBJECT, List.of("id=machine_id"), op -> {
            Call ofA = send(op, Map.of("id", values.get("machine_id").ofA().get(0)));
            Call ghost = send(op, Map.of("id", values.get("machine_id").ghost().get()));
            sweep.expect(
                    ofA.status() == 403 && ofA.answer().body().contains("MACHINES_CRUD"),
                    "machines/delete by a customer must be 403 naming MACHINES_CRUD: " + ofA);
            sweep.expect(ofA.shape().equals(ghost.shape()), "machines/delete tells A's machine from none: " + ofA);
        });
        spec("POST " + actions + "/cancel", Kind.OBJECT, List.of("*id=action_id"), null);
        publicSpec(
                "GET " + actions + "/file",
                "public boot script for a machine address, by design for whoever boots that machine; answers no account data"
                        + " (ServerActionsIT)");
        publicSpec("GET " + actions + "/menu", "public boot menu for a machine address, as file");
        publicSpec(
                "POST " + actions + "/status",
                "public, matched by the caller's source address, not by any identifier a caller can name (ServerActionsIT)");
        // not in the document: /health, /openapi and /metrics are public and address nothing (OperationsIT)
    }

    // ------------------------------------------------------------------ sweeping

    /**
     * An object operation: each of A's spellings of each target, the other parameters neutral, is
     * 404 NOT_FOUND, answered as for a target that exists nowhere; then each other parameter with
     * A's identifiers too: still no success, no 403, and the same answer as with a ghost target.
     */
    private void sweepObject(Operation op, Spec spec) {
        List<Param> params = spec.params().stream().map(Param::of).toList();
        List<Param> targets = params.stream().filter(Param::target).toList();
        for (Param target : targets) {
            for (JsonValue ofA : values.get(target.key()).ofA()) {
                Map<String, JsonValue> call = neutral(params);
                targets.forEach(
                        t -> call.put(t.name(), values.get(t.key()).ofA().get(0)));
                call.put(target.name(), ofA);
                Call answer = send(op, call);
                sweep.expect(
                        answer.status() == 404 && answer.errorCodes().equals(List.of(4040)),
                        "A's object must not exist for B (404 NOT_FOUND): " + answer);
                compareWithGhostTargets(op, params, call, answer);
            }
        }
        for (Param other : params) {
            if (other.target()) {
                continue;
            }
            for (JsonValue ofA : values.get(other.key()).ofA()) {
                Map<String, JsonValue> call = neutral(params);
                targets.forEach(
                        t -> call.put(t.name(), values.get(t.key()).ofA().get(0)));
                call.put(other.name(), ofA);
                Call answer = send(op, call);
                sweep.expect(
                        answer.status() >= 400 && answer.status() != 403,
                        "A's object, with A's " + other.name() + " too, must not be reachable: " + answer);
                compareWithGhostTargets(op, params, call, answer);
            }
        }
    }

    private void compareWithGhostTargets(Operation op, List<Param> params, Map<String, JsonValue> call, Call answer) {
        Map<String, JsonValue> ghostCall = new LinkedHashMap<>(call);
        params.stream()
                .filter(Param::target)
                .forEach(t -> ghostCall.put(t.name(), values.get(t.key()).ghostLike(call.get(t.name()))));
        Call ghost = send(op, ghostCall);
        sweep.expect(
                answer.shape().equals(ghost.shape()),
                "an answer tells A's object from one that exists nowhere:\n    " + answer + "\n    " + ghost);
    }

    /** B's call with {@code name} set to each of A's values, against the same with a ghost: same answer, one of {@code statuses}. */
    private void sameAsGhost(Operation op, String name, String key, Set<Integer> statuses) {
        for (JsonValue ofA : values.get(key).ofA()) {
            Call answer = send(op, Map.of(name, ofA));
            Call ghost = send(op, Map.of(name, values.get(key).ghostLike(ofA)));
            sweep.expect(
                    statuses.contains(answer.status()),
                    "A's " + name + " must be unknown to B " + statuses + ": " + answer);
            sweep.expect(
                    answer.shape().equals(ghost.shape()),
                    "an answer tells A's " + name + " from one that exists nowhere:\n    " + answer + "\n    " + ghost);
        }
    }

    /** B's call: the spec's parameters neutral, {@code overrides} on top; every answer checked for 5xx, 403 and A's markers. */
    private Call send(Operation op, Map<String, JsonValue> overrides) {
        Map<String, JsonValue> call =
                neutral(specs.get(op.key()).params().stream().map(Param::of).toList());
        call.putAll(overrides);
        Call answer = sweep.call(bApi, op, call);
        sweep.expect(answer.status() < 500, "server error: " + answer);
        if (!OPERATOR_OPERATIONS.contains(op.key())) {
            sweep.expect(answer.status() != 403, "403 where another account's object must not exist: " + answer);
        }
        sweep.expect(
                !answer.warningCodes().contains(3000),
                "the sweep sends a parameter the operation does not take: " + answer);
        for (String marker : markers) {
            if (answer.answer().body().contains(marker)
                    && !answer.request().contains(marker)
                    && !answer.request().contains(marker.toUpperCase(Locale.ROOT))
                    && !answer.request().contains(marker.toLowerCase(Locale.ROOT))) {
                sweep.problem("an answer to B names A's " + marker + ": " + answer);
            }
        }
        return answer;
    }

    private Map<String, JsonValue> neutral(List<Param> params) {
        Map<String, JsonValue> call = new LinkedHashMap<>();
        for (Param param : params) {
            Value value = values.get(param.key());
            if (value == null) {
                continue; // reported as a problem when the operation was looked up
            }
            JsonValue neutral = value.neutral() != null
                    ? value.neutral().get()
                    : value.ghost() != null ? value.ghost().get() : value.ofA().get(0);
            call.put(param.name(), neutral);
        }
        return call;
    }

    private boolean ok(Call call, int status) {
        return sweep.expect(call.status() == status, "expected " + status + ": " + call);
    }

    private static Set<String> names(Call listed, String array, String field) {
        return listed.answer().data().getJsonArray(array).getValuesAs(JsonObject.class).stream()
                .map(o -> Sweep.text(o.get(field)))
                .collect(Collectors.toSet());
    }

    private void value(String key, Supplier<JsonValue> neutral, List<JsonValue> ofA, Supplier<JsonValue> ghost) {
        values.put(key, new Value(neutral, ofA, ghost));
    }

    /** The id of the newest history entry of the zone, as its owner reads it. */
    private static long latestEntry(Api owner, String zone) {
        Api.Response history = owner.get("/api/v1/dns/zones/history?zone=" + zone);
        assertEquals(200, history.status(), history.body());
        return history.data()
                .getJsonArray("history")
                .getJsonObject(0)
                .getJsonNumber("id")
                .longValue();
    }

    private void spec(String key, Kind kind, List<String> params, Consumer<Operation> check) {
        specs.put(key, new Spec(kind, params, null, check));
    }

    private void publicSpec(String key, String reason) {
        specs.put(key, new Spec(Kind.PUBLIC, List.of(), reason, null));
    }

    // ------------------------------------------------------------------ the accounts

    private void createAccountA() {
        a = Api.at(base).newCustomer();
        Api api = a.api();
        aOwner = a.username();
        aTokenId = a.created().getJsonObject("token").getJsonNumber("id").longValue();
        aAlice = "alice" + aOwner;
        created(api.json(
                "POST",
                "/api/v1/account/users/create",
                Json.createObjectBuilder()
                        .add("username", aAlice)
                        .add("email", aAlice + "@example.com")
                        .build()));
        aProjectName = Sweep.unique("Project of A ");
        aProject = created(api.json(
                        "POST",
                        "/api/v1/projects/create",
                        Json.createObjectBuilder().add("name", aProjectName).build()))
                .getJsonObject("project")
                .getString("uuid");
        JsonObject token = created(api.json(
                        "POST",
                        "/api/v1/account/users/tokens/create",
                        Json.createObjectBuilder()
                                .add("user", aOwner)
                                .add("rights", Json.createArrayBuilder().add("DNS_ZONES_LIST"))
                                .build()))
                .getJsonObject("token");
        aSecondTokenId = token.getJsonNumber("id").longValue();
        aSecondToken = token.getString("token");
        String label = Sweep.unique("ta");
        aZone = "shop." + label + ".example";
        String txt = Sweep.unique("secret-of-a-");
        JsonObject zone = created(api.json(
                        "POST",
                        "/api/v1/dns/zones/create",
                        Json.createObjectBuilder()
                                .add("name", aZone)
                                .add("user", aAlice)
                                .add("project_uuid", aProject)
                                .add(
                                        "records",
                                        Json.createArrayBuilder()
                                                .add(record("www", "A", "192.0.2.77"))
                                                .add(record("@", "MX", "10 mail." + aZone))
                                                .add(record("@", "TXT", txt)))
                                .build()))
                .getJsonObject("zone");
        aZoneId = zone.getJsonNumber("id").longValue();
        aRecordId = zone.getJsonArray("records").getValuesAs(JsonObject.class).stream()
                .filter(r -> r.getString("type").equals("A"))
                .findFirst()
                .orElseThrow()
                .getJsonNumber("id")
                .longValue();
        aDomain = "alias-" + label + ".example";
        Api.Response assigned = api.json(
                "POST",
                "/api/v1/dns/zones/" + aZone + "/assignDomain",
                Json.createObjectBuilder().add("domainName", aDomain).build());
        assertEquals(200, assigned.status(), assigned.body());
        String lastname = Sweep.unique("Lastnameofa");
        JsonObject handle = created(api.json(
                        "POST",
                        "/api/v1/domain/handles/create",
                        person(Sweep.unique("ha") + "@example.com")
                                .add("lastname", lastname)
                                .add("user", aAlice)
                                .add("project_uuid", aProject)
                                .build()))
                .getJsonObject("handle");
        aHandle = handle.getString("handle");
        aHandleId = handle.getJsonNumber("id").longValue();
        aActionMac = mac();
        aActionIp = ip();
        aMachineId = created(Api.at(base)
                        .asOperator()
                        .json(
                                "POST",
                                "/api/v1/datacenter/machines/create",
                                Json.createObjectBuilder()
                                        .add("customer", a.username())
                                        .add("mac_address", aActionMac)
                                        .add(
                                                "addresses",
                                                Json.createArrayBuilder().add(aActionIp))
                                        .build()))
                .getJsonObject("machine")
                .getJsonNumber("id")
                .longValue();
        aActionId = created(api.json(
                        "POST",
                        "/api/v1/datacenter/server-actions/create",
                        Json.createObjectBuilder()
                                .add("mac_address", aActionMac)
                                .add("address", aActionIp)
                                .add("action", "RESCUE")
                                .build()))
                .getJsonObject("action")
                .getJsonNumber("id")
                .longValue();
        markers.addAll(List.of(
                aOwner,
                aAlice,
                aZone,
                aDomain,
                aHandle,
                aProject,
                aProjectName,
                txt,
                lastname,
                aActionMac,
                aActionIp,
                "192.0.2.77"));
    }

    private void createAccountB() {
        b = Api.at(base).newCustomer();
        bApi = b.api();
        bProject = created(bApi.json(
                        "POST",
                        "/api/v1/projects/create",
                        Json.createObjectBuilder().add("name", "B's own").build()))
                .getJsonObject("project")
                .getString("uuid");
        bZone = Sweep.unique("tb") + ".example";
        created(bApi.json(
                "POST",
                "/api/v1/dns/zones/create",
                Json.createObjectBuilder()
                        .add("name", bZone)
                        .add("records", Json.createArrayBuilder().add(record("www", "A", "198.51.100.1")))
                        .build()));
        bHandle = created(bApi.json(
                        "POST",
                        "/api/v1/domain/handles/create",
                        person(Sweep.unique("hb") + "@example.com").build()))
                .getJsonObject("handle")
                .getString("handle");
    }

    /** Everything A can see of its own, as A's first token reads it. */
    private Map<String, String> snapshotOfA() {
        Api api = a.api();
        Map<String, String> snapshot = new LinkedHashMap<>();
        snapshot.put("zone", read(api, "/api/v1/dns/zones/show?zone=" + aZone));
        snapshot.put("zone list", read(api, "/api/v1/dns/zones"));
        snapshot.put("zone statistics", read(api, "/api/v1/dns/zones/statistics"));
        snapshot.put(
                "zone file", api.get("/api/v1/dns/zones/export?zone=" + aZone).body());
        snapshot.put("handle", read(api, "/api/v1/domain/handles/show?handle=" + aHandle));
        snapshot.put("handle list", read(api, "/api/v1/domain/handles"));
        snapshot.put("action", read(api, "/api/v1/datacenter/server-actions/show?id=" + aActionId));
        snapshot.put("action list", read(api, "/api/v1/datacenter/server-actions"));
        snapshot.put("machine list", read(api, "/api/v1/datacenter/machines"));
        snapshot.put("project", read(api, "/api/v1/projects/show?project_uuid=" + aProject));
        snapshot.put("user list", read(api, "/api/v1/account/users"));
        snapshot.put("alice", read(api, "/api/v1/account/users/" + aAlice));
        snapshot.put("token list", read(api, "/api/v1/account/users/tokens/tokens"));
        return snapshot;
    }

    private static String read(Api api, String path) {
        Api.Response response = api.get(path);
        assertEquals(200, response.status(), path + ": " + response.body());
        return response.data().toString();
    }

    private static JsonObject created(Api.Response response) {
        assertEquals(201, response.status(), response.body());
        return response.data();
    }

    // ------------------------------------------------------------------ values

    private static jakarta.json.JsonObjectBuilder person(String email) {
        return Json.createObjectBuilder()
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
                .add("phone", "+49.2211234567");
    }

    private static JsonObject record(String name, String type, String data) {
        return Json.createObjectBuilder()
                .add("name", name)
                .add("type", type)
                .add("data", data)
                .build();
    }

    private static JsonValue str(String text) {
        return Json.createValue(text);
    }

    private static JsonValue num(long number) {
        return Json.createValue(number);
    }

    private static int rnd() {
        return ThreadLocalRandom.current().nextInt(1, 1_000_000);
    }

    /** Locally administered, outside ServerActionsIT's 02:5a range. */
    private static String mac() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return String.format(
                "02:5c:%02x:%02x:%02x:%02x",
                random.nextInt(256), random.nextInt(256), random.nextInt(256), random.nextInt(256));
    }

    /** Outside ServerActionsIT's 10.1-249 range. */
    private static String ip() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return "10.252." + random.nextInt(256) + "." + random.nextInt(1, 255);
    }

    private static String ghostHandle() {
        String alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
        StringBuilder handle = new StringBuilder("H");
        for (int i = 0; i < 9; i++) {
            handle.append(alphabet.charAt(ThreadLocalRandom.current().nextInt(alphabet.length())));
        }
        return handle.toString();
    }
}
