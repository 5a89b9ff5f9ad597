package net.hostingapi.transfers.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotBlank;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import net.hostingapi.platform.validation.control.Characters;
import net.hostingapi.transfers.control.status.ChangeStatus;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** A zone's change status (api.md, Change status): the serial each of its nameservers serves against the stored one. */
@ApplicationScoped
@Tag(name = "DNS zones", description = "Zones and their records (rights DNS_ZONES_LIST, DNS_ZONES_CRUD)")
@RetryOnDeadlock
@Path("dns/zones/status")
@Produces(MediaType.APPLICATION_JSON)
public class ZoneStatusResource {

    /** A name of up to 253 characters, 254 with the root's dot. */
    public record StatusOf(
            @NotBlank @Characters(min = 1, max = 254) String zone) {}

    @Inject
    RequestBinder parameters;

    @Inject
    ChangeStatus changeStatus;

    @GET
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    @Operation(
            operationId = "zoneStatus",
            summary = "Whether the zone's last change is served: the stored serial against what the primary and"
                    + " each secondary answer (asked over DNS, within 1.5 s)")
    @Binds(StatusOf.class)
    @Answers(data = "status", schema = "ChangeStatus")
    public Reply status() {
        StatusOf input = parameters.bind(StatusOf.class);
        return Reply.ok(CommonMessages.OK, "status", StatusRepresentations.STATUS.write(changeStatus.of(input.zone())));
    }
}
