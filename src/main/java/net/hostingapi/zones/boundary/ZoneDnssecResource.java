package net.hostingapi.zones.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotBlank;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.openapi.boundary.Tagged;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import net.hostingapi.zones.control.ZoneMessages;
import net.hostingapi.zones.control.dnssec.ZoneSigning;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** DNSSEC of a zone (src/site/markdown/dnssec.md): signed by its nameserver, the DS for the registry here. */
@ApplicationScoped
@Tag(name = "DNS zones", description = "Zones and their records (rights DNS_ZONES_LIST, DNS_ZONES_CRUD)")
@RetryOnDeadlock
@Path("dns/zones/dnssec")
@Produces(MediaType.APPLICATION_JSON)
public class ZoneDnssecResource {

    public record DnssecZone(@NotBlank String zone) {}

    @Inject
    RequestBinder parameters;

    @EJB
    ZoneSigning signing;

    @GET
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    @Operation(
            operationId = "showZoneDnssec",
            summary = "The zone's DNSSEC: state, public keys and the DS records for the registry")
    @Binds(DnssecZone.class)
    @Answers(data = "dnssec", schema = "Dnssec")
    public Reply show() {
        DnssecZone input = parameters.bind(DnssecZone.class);
        ZoneSigning.Status status = signing.status(input.zone());
        return Reply.ok(CommonMessages.OK, "dnssec", ZoneRepresentations.dnssec(status))
                .warnAll(status.warnings());
    }

    @POST
    @Path("enable")
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    @Tagged(ifMatch = true)
    @Operation(operationId = "enableZoneDnssec", summary = "Sign the zone from now on (cancels a removal under way)")
    @Binds(value = DnssecZone.class, example = """
            {"zone": "example.com"}""")
    @Answers(data = "dnssec", schema = "Dnssec")
    public Reply enable() {
        DnssecZone input = parameters.bind(DnssecZone.class);
        ZoneSigning.Status status = signing.enable(input.zone());
        return Reply.ok(ZoneMessages.DNSSEC_ENABLED, "dnssec", ZoneRepresentations.dnssec(status))
                .tagged(status.tag())
                .warnAll(status.warnings());
    }

    @POST
    @Path("disable")
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    @Tagged(ifMatch = true)
    @Operation(
            operationId = "disableZoneDnssec",
            summary = "Stop signing: delete records (RFC 8078) at once, unsigned after DNSSEC_UNSIGN_AFTER")
    @Binds(value = DnssecZone.class, example = """
            {"zone": "example.com"}""")
    @Answers(data = "dnssec", schema = "Dnssec")
    public Reply disable() {
        DnssecZone input = parameters.bind(DnssecZone.class);
        ZoneSigning.Status status = signing.disable(input.zone());
        return Reply.ok(ZoneMessages.DNSSEC_DISABLED, "dnssec", ZoneRepresentations.dnssec(status))
                .tagged(status.tag())
                .warnAll(status.warnings());
    }
}
