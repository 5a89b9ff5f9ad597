package net.hostingapi.zones.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.openapi.boundary.Tagged;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import net.hostingapi.zones.control.ZoneLoads;
import net.hostingapi.zones.control.ZoneMessages;
import net.hostingapi.zones.control.editing.ZoneEditOutcome;
import net.hostingapi.zones.control.editing.ZoneEditor;
import net.hostingapi.zones.control.records.RrsetChange;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Whole RRsets replaced in one change (api.md, DNS zones, RRset changes): no moment without the name's records. */
@ApplicationScoped
@Tag(name = "DNS zones", description = "Zones and their records (rights DNS_ZONES_LIST, DNS_ZONES_CRUD)")
@RetryOnDeadlock
@Path("dns/zones/rrsets")
@Produces(MediaType.APPLICATION_JSON)
public class RrsetsResource {

    public record RrsetsToChange(
            @NotBlank String zone,

            @NotEmpty(message = "must hold at least one change")
            List<@Valid @NotNull RrsetChange> changes) {}

    @Inject
    RequestBinder parameters;

    @EJB
    ZoneEditor editor;

    @Inject
    RenderedZones renderedZones;

    @Inject
    ZoneLoads zoneLoads;

    @POST
    @Path("change")
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    @Operation(
            operationId = "changeRrsets",
            summary = "Replace whole RRsets (empty records: delete it) in one change, one serial, one publication")
    @Binds(value = RrsetsToChange.class, example = """
            {"zone": "example.com", "changes": [{"name": "www", "type": "A", "ttl": 300, "records": ["192.0.2.10", "192.0.2.11"]}, {"name": "@", "type": "TXT", "records": ["v=spf1 mx -all"]}]}""")
    @Answers(data = "zone", schema = "Zone")
    @Tagged(ifMatch = true)
    public Reply change() {
        var input = parameters.bindWithViolations(RrsetsToChange.class);
        // without the zone there is nothing to check the rest against: that alone is reported
        input.violations().at("zone").only().throwIfAny();
        String zone = input.value().zone();
        List<RrsetChange> changes =
                input.value().changes() == null ? List.of() : input.value().changes();
        return zoneLoads.whole(zone, () -> {
            ZoneEditOutcome changed = editor.changeRrsets(zone, changes, input.violations());
            // nothing changed: success with the warning that says so, and a success message that does not claim a
            // change
            boolean same = changed.warnings().stream().anyMatch(w -> w.code() == ZoneMessages.NOTHING_CHANGED);
            RenderedZones.Answer answer = renderedZones.render(changed.zone());
            return Reply.ok(same ? CommonMessages.OK : ZoneMessages.RRSETS_CHANGED, "zone", answer.text())
                    .tagged(answer.tag())
                    .warnAll(changed.warnings());
        });
    }
}
