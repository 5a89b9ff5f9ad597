package net.hostingapi.platform.openapi.boundary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.media.Schema;

/**
 * The schemas of the envelope's {@code data} payloads (api.md, The envelope), as the areas'
 * representation classes write them ({@code ZoneRepresentations}, {@code HandleRepresentations},
 * {@code AccountRepresentations}, {@code ServerActionRepresentations}). Those build JSON by
 * hand, so their shapes are written down here once, in a compact notation: {@code name:type},
 * where type is {@code string}, {@code integer}, {@code int64}, {@code boolean}, {@code timestamp}
 * ({@code yyyy-MM-dd HH:mm:ss}, UTC), {@code date}, a schema name, {@code [type]} for an array,
 * {@code {type}} for a map; a trailing {@code ?} marks a member that may be null, a leading
 * {@code -} one that may be missing.
 */
final class PayloadSchemas {

    private PayloadSchemas() {}

    static final String REF = "#/components/schemas/";

    /** Every payload schema by name. */
    static Map<String, Schema> all() {
        Map<String, Schema> schemas = new LinkedHashMap<>();
        define(
                schemas,
                "Zone",
                "A DNS zone with its records and assigned domains.",
                "id:int64",
                "name:string",
                "nameUnicode:string",
                "serial:string",
                "hostmaster:string",
                "refresh:integer",
                "retry:integer",
                "expire:integer",
                "ttl:integer",
                "ns_first:string",
                "ns_second:string",
                "records:[Record]",
                "domains:[Domain]",
                "user:string?",
                "project_uuid:string?",
                "created_at:timestamp",
                "updated_at:timestamp",
                "-dnssec:DnssecSummary");
        define(
                schemas,
                "DnssecSummary",
                "The zone's DNSSEC in show and list (show: with the DS records for the registry).",
                "enabled:boolean",
                "state:string",
                "-ds:[string]");
        define(
                schemas,
                "Dnssec",
                "A zone's DNSSEC: state (unsigned, signing, signed, removing), the public keys the nameserver"
                        + " serves with the DS of each key-signing key (SHA-256 and SHA-384), and whether a publication"
                        + " of it is still waiting (with its last error).",
                "zone:string",
                "enabled:boolean",
                "state:string",
                "unsign_at:timestamp?",
                "keys:[DnssecKey]",
                "pending:boolean",
                "last_error:string?");
        define(
                schemas,
                "DnssecKey",
                "A public key in presentation form and its DS records (tag algorithm digest-type digest).",
                "key_tag:integer",
                "algorithm:integer",
                "flags:integer",
                "dnskey:string",
                "ds:[string]");
        define(
                schemas,
                "Record",
                "A resource record; ttl and zone_id are strings of digits, a null ttl inherits the zone's.",
                "id:int64",
                "name:string",
                "ttl:string?",
                "type:string",
                "data:string",
                "zone_id:string",
                "created_at:timestamp",
                "updated_at:timestamp?");
        define(schemas, "Domain", "A domain assigned to a zone.", "name:string", "created_at:timestamp?");
        define(
                schemas,
                "ZoneStatistics",
                "Counts over the caller's zones.",
                "zones:int64",
                "records:int64",
                "domains:int64",
                "records_by_type:{int64}");
        define(
                schemas,
                "ZoneImport",
                "What an import changes (on a dry run: would change), and the zone after it (not on a dry run).",
                "import:ImportDifference",
                "-zone:Zone");
        define(
                schemas,
                "ImportDifference",
                "Records added and removed, and the settings changed (each {from, to}), against the stored zone.",
                "new_zone:boolean",
                "added:[RecordChange]",
                "removed:[RecordChange]",
                "settings:{SettingChange}");
        define(
                schemas,
                "RecordChange",
                "A record an import adds or removes; a null ttl inherits the zone's.",
                "name:string",
                "type:string",
                "data:string",
                "ttl:string?");
        define(schemas, "SettingChange", "A zone setting before and after.", "from:string?", "to:string?");
        define(
                schemas,
                "HistoryEntry",
                "One committed change of a zone: who, when, from where, by which operation, the records added and"
                        + " removed, the settings changed ({from, to}), the serial before and after (null: no zone).",
                "id:int64",
                "created_at:timestamp",
                "zone:string",
                "operation:string",
                "user:string?",
                "token_id:int64?",
                "address:string?",
                "added:[RecordChange]",
                "removed:[RecordChange]",
                "settings:{SettingChange}",
                "serial_before:string?",
                "serial_after:string?",
                "domain:string?");
        define(
                schemas,
                "Paging",
                "The page a list answers when asked for one: limit (null: the rest), offset, how many match in all"
                        + " (not counted for a page after a cursor), the cursor given, and the cursor of the next page"
                        + " (the page's last name when the page is full, else null).",
                "limit:integer?",
                "offset:integer",
                "-total:int64",
                "-after:string",
                "next:string?");
        define(
                schemas,
                "Handle",
                "A domain handle (contact).",
                "id:int64",
                "handle:string",
                "type:string",
                "sex:string",
                "firstname:string",
                "lastname:string",
                "organisation:string?",
                "street:string",
                "number:string",
                "postcode:string",
                "city:string",
                "region:string",
                "country:string",
                "email:string",
                "phone:string",
                "fax:string?",
                "dateofbirth:date?",
                "countryofbirth:string?",
                "user:string?",
                "project_uuid:string?",
                "verification:Verification",
                "created_at:timestamp",
                "updated_at:timestamp");
        define(
                schemas,
                "Verification",
                "The e-mail verification of a handle: PENDING, VERIFIED or EXPIRED.",
                "state:string",
                "sent_at:timestamp?",
                "verified_at:timestamp?",
                "deadline:timestamp?");
        define(
                schemas,
                "ConfirmedVerification",
                "What the public confirmation link answers: no personal data beyond the e-mail address.",
                "handle:string",
                "email:string",
                "state:string",
                "verified_at:timestamp?");
        define(schemas, "Country", "An ISO 3166-1 alpha-2 country.", "code:string", "title:string");
        define(
                schemas,
                "HandleStatistics",
                "Counts over the caller's handles.",
                "total:int64",
                "by_type:{int64}",
                "by_verification_state:{int64}");
        define(
                schemas,
                "ServerAction",
                "A scheduled network-boot action; reports (oldest first) in show and cancel.",
                "id:int64",
                "machine:int64?",
                "mac_address:string",
                "address:string",
                "action:string",
                "template:string?",
                "hostname:string?",
                "state:string",
                "state_percent:integer?",
                "state_text:string?",
                "created_at:timestamp",
                "updated_at:timestamp?",
                "finished_at:timestamp?",
                "-reports:[ServerActionReport]");
        define(
                schemas,
                "ServerActionReport",
                "One status report of a server action.",
                "state:string",
                "state_percent:integer?",
                "state_text:string?",
                "reported_by:string",
                "reported_at:timestamp");
        define(
                schemas,
                "ServerActionProgress",
                "What a machine's status report is answered with.",
                "id:int64",
                "action:string",
                "state:string",
                "state_percent:integer?",
                "state_text:string?",
                "updated_at:timestamp?");
        define(
                schemas,
                "Machine",
                "A machine of the inventory and the account (its owner's username) it belongs to.",
                "id:int64",
                "customer:string",
                "mac_address:string",
                "addresses:[string]",
                "hostname:string?",
                "created_at:timestamp",
                "updated_at:timestamp");
        define(schemas, "BootScript", "The iPXE script as a JSON string (when JSON is asked for).", "script:string");
        define(
                schemas,
                "User",
                "A user of the account.",
                "id:int64",
                "username:string",
                "email:string",
                "owner:boolean",
                "rights:[string]",
                "created_at:timestamp",
                "updated_at:timestamp?");
        define(
                schemas,
                "Token",
                "An API token; its text (token) only in the answer that creates it. zones, names, types, subnets and"
                        + " max_unused_days are its policy (empty lists and null: no limit).",
                "id:int64",
                "user:string",
                "rights:[string]",
                "valid_until:timestamp?",
                "active:boolean",
                "deactivated_at:timestamp?",
                "created_at:timestamp",
                "zones:[string]",
                "names:[string]",
                "types:[string]",
                "subnets:[string]",
                "max_unused_days:integer?",
                "last_used_at:timestamp?",
                "-token:string");
        define(
                schemas,
                "Project",
                "A project objects of the account can be filed under.",
                "id:int64",
                "uuid:string",
                "name:string",
                "created_at:timestamp",
                "updated_at:timestamp?");
        define(
                schemas,
                "Permission",
                "A right a token or user may hold.",
                "key:string",
                "title:string",
                "descr:string",
                "category:string");
        define(
                schemas,
                "AssignedPermissions",
                "The rights of the calling user.",
                "user:string",
                "permissions:[Permission]");
        define(
                schemas,
                "Customer",
                "A customer account with its owner.",
                "id:int64",
                "name:string",
                "created_at:timestamp",
                "user:User");
        define(
                schemas,
                "CustomerCreated",
                "The new customer and its owner's first token (shown once).",
                "customer:Customer",
                "token:Token");
        return schemas;
    }

    private static void define(Map<String, Schema> schemas, String name, String description, String... members) {
        Schema object = OASFactory.createSchema().type(Schema.SchemaType.OBJECT).description(description);
        List<String> required = new ArrayList<>();
        for (String member : members) {
            int colon = member.indexOf(':');
            boolean optional = member.startsWith("-");
            String key = member.substring(optional ? 1 : 0, colon);
            String type = member.substring(colon + 1);
            boolean nullable = type.endsWith("?");
            Schema schema = schema(nullable ? type.substring(0, type.length() - 1) : type);
            if (nullable) {
                schema.nullable(true);
            }
            object.addProperty(key, schema);
            if (!optional) {
                required.add(key);
            }
        }
        object.required(required);
        schemas.put(name, object);
    }

    /** A member's schema from the notation of the class comment. */
    static Schema schema(String type) {
        if (type.startsWith("[")) {
            return OASFactory.createSchema()
                    .type(Schema.SchemaType.ARRAY)
                    .items(schema(type.substring(1, type.length() - 1)));
        }
        if (type.startsWith("{")) {
            return OASFactory.createSchema()
                    .type(Schema.SchemaType.OBJECT)
                    .additionalPropertiesSchema(schema(type.substring(1, type.length() - 1)));
        }
        return switch (type) {
            case "string" -> OASFactory.createSchema().type(Schema.SchemaType.STRING);
            case "integer" ->
                OASFactory.createSchema().type(Schema.SchemaType.INTEGER).format("int32");
            case "int64" ->
                OASFactory.createSchema().type(Schema.SchemaType.INTEGER).format("int64");
            case "boolean" -> OASFactory.createSchema().type(Schema.SchemaType.BOOLEAN);
            case "timestamp" ->
                OASFactory.createSchema()
                        .type(Schema.SchemaType.STRING)
                        .description("yyyy-MM-dd HH:mm:ss, UTC")
                        .example("2026-11-23 20:15:00");
            case "date" ->
                OASFactory.createSchema().type(Schema.SchemaType.STRING).format("date");
            default -> OASFactory.createSchema().ref(REF + type);
        };
    }
}
