package net.hostingapi.history.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.history.control.HistoryJson;
import net.hostingapi.history.control.ZoneHistory;
import net.hostingapi.history.entity.ZoneChangeEntry;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.envelope.control.CommonMessages;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** A zone's change history, newest first. */
@ApplicationScoped
@Tag(name = "Zone history", description = "Changes of a zone, and restoring a zone to the state after one")
@Path("dns/zones/history")
@Produces(MediaType.APPLICATION_JSON)
public class ZoneHistoryResource {

    /** {@code before}: an entry id; the page holds the entries older than it. */
    public record HistoryQuery(
            @NotBlank String zone,
            @Min(1) @Max(500) Integer limit,
            @Min(1) Long before) {}

    @Inject
    RequestBinder parameters;

    @EJB
    ZoneHistory history;

    @GET
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    @Operation(
            operationId = "zoneHistory",
            summary = "The changes of a zone, newest first (paged with limit and before)")
    @Binds(HistoryQuery.class)
    @Answers(data = "history", schema = "HistoryEntry", array = true)
    public Reply list() {
        HistoryQuery input = parameters.bind(HistoryQuery.class);
        return Reply.ok(
                CommonMessages.OK,
                "history",
                JsonFields.array(
                        history.list(input.zone(), input.limit(), input.before()), ZoneHistoryResource::entry));
    }

    static JsonObject entry(ZoneChangeEntry entry) {
        var settings = JsonFields.JSON.createObjectBuilder();
        HistoryJson.object(entry.settings())
                .forEach((name, change) -> settings.add(
                        name,
                        JsonFields.object()
                                .put("from", text(change.asJsonArray().get(0)))
                                .put("to", text(change.asJsonArray().get(1)))
                                .build()));
        return JsonFields.object()
                .put("id", entry.id())
                .put("created_at", entry.createdAt())
                .put("zone", entry.zoneName())
                .put("operation", entry.operation())
                .put("user", entry.userName())
                .put("token_id", entry.tokenId())
                .put("address", entry.address())
                .put("added", records(entry.added()))
                .put("removed", records(entry.removed()))
                .put("settings", settings.build())
                .put(
                        "serial_before",
                        entry.serialBefore() == null
                                ? null
                                : entry.serialBefore().toString())
                .put(
                        "serial_after",
                        entry.serialAfter() == null ? null : entry.serialAfter().toString())
                .put("domain", entry.domain())
                .build();
    }

    /** Records as the zone's representation writes them: ttl a string of digits, or null for the zone's. */
    private static JsonValue records(String json) {
        var array = JsonFields.JSON.createArrayBuilder();
        for (JsonValue value : HistoryJson.array(json)) {
            JsonObject record = value.asJsonObject();
            array.add(JsonFields.object()
                    .put("name", record.getString("name"))
                    .put("type", record.getString("type"))
                    .put("data", record.getString("data"))
                    .put("ttl", record.isNull("ttl") ? null : record.get("ttl").toString())
                    .build());
        }
        return array.build();
    }

    private static String text(JsonValue value) {
        return value == JsonValue.NULL
                ? null
                : value instanceof jakarta.json.JsonString s ? s.getString() : value.toString();
    }
}
