package net.hostingapi.history.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.history.control.ZoneHistory;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** A zone's change history, newest first. */
@ApplicationScoped
@Tag(name = "Zone history", description = "Changes of a zone, and restoring a zone to the state after one")
@RetryOnDeadlock
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
                        history.list(input.zone(), input.limit(), input.before()), HistoryRepresentations::entry));
    }
}
