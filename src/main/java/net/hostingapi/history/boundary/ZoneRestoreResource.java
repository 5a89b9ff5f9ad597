package net.hostingapi.history.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.history.control.HistoryMessages;
import net.hostingapi.history.control.ZoneHistory;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.openapi.boundary.Tagged;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import net.hostingapi.zones.boundary.RenderedZones;
import net.hostingapi.zones.boundary.ZoneRepresentations;
import net.hostingapi.zones.control.ZoneLoads;
import net.hostingapi.zones.control.editing.ZoneEditOutcome;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Puts a zone back to its state after a history entry, as one new change ({@link ZoneHistory}). The
 * answer is a zone in the zones area's own wire shape ({@link ZoneRepresentations}, the one place it
 * is declared): history depends on zones, never the other way, so the operation stays here.
 */
@ApplicationScoped
@Tag(name = "Zone history", description = "Changes of a zone, and restoring a zone to the state after one")
@RetryOnDeadlock
@Path("dns/zones/restore")
@Produces(MediaType.APPLICATION_JSON)
public class ZoneRestoreResource {

    public record RestoreRequest(
            @NotBlank String zone, @NotNull @Min(1) Long entry) {}

    @Inject
    RequestBinder parameters;

    @EJB
    ZoneHistory history;

    @Inject
    ZoneLoads zoneLoads;

    @Inject
    RenderedZones renderedZones;

    @POST
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    @Tagged(ifMatch = true)
    @Operation(operationId = "restoreZone", summary = "Put the zone back to its state after a history entry")
    @Binds(value = RestoreRequest.class, example = """
            {"zone": "example.com", "entry": 42}""")
    @Answers(data = "zone", schema = "Zone")
    public Reply restore() {
        RestoreRequest input = parameters.bind(RestoreRequest.class);
        return zoneLoads.whole(input.zone(), () -> {
            ZoneEditOutcome restored = history.restore(input.zone(), input.entry());
            return Reply.ok(HistoryMessages.ZONE_RESTORED, "zone", ZoneRepresentations.zone(restored.zone()))
                    .tagged(renderedZones.tag(restored.zone()))
                    .warnAll(restored.warnings());
        });
    }
}
