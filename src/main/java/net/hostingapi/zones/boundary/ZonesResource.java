package net.hostingapi.zones.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Objects;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.MessageCode;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.openapi.boundary.Tagged;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import net.hostingapi.platform.parameters.control.NoParameters;
import net.hostingapi.platform.parameters.control.Param;
import net.hostingapi.platform.parameters.control.ParameterBinder;
import net.hostingapi.platform.validation.control.Characters;
import net.hostingapi.zones.control.ZoneCatalog;
import net.hostingapi.zones.control.ZoneLoads;
import net.hostingapi.zones.control.ZoneMessages;
import net.hostingapi.zones.control.editing.NewZone;
import net.hostingapi.zones.control.editing.ZoneChanges;
import net.hostingapi.zones.control.editing.ZoneEditOutcome;
import net.hostingapi.zones.control.editing.ZoneEditor;
import net.hostingapi.zones.control.editing.ZoneImport;
import net.hostingapi.zones.control.records.RecordInput;
import net.hostingapi.zones.control.records.RecordSelector;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The eleven DNS zone operations of the specification, plus the zone file export. */
@ApplicationScoped
@Tag(name = "DNS zones", description = "Zones and their records (rights DNS_ZONES_LIST, DNS_ZONES_CRUD)")
@RetryOnDeadlock
@Path("dns/zones")
@Produces(MediaType.APPLICATION_JSON)
public class ZonesResource {

    /** {@code forceDelete}: delete dissociates assigned domains; refresh drops the zone first (show: {@link ZoneToShow}). */
    public record ZoneRef(@NotBlank String zone, Boolean forceDelete) {}

    /** Show accepts {@code forceDelete} (the spec lists it) and ignores it, whatever its value. */
    public record ZoneToShow(
            @NotBlank String zone, @Param(ignored = true) String forceDelete) {}

    public record RecordsToAdd(
            @NotBlank String zone,
            @NotEmpty(message = AT_LEAST_ONE_RECORD) List<@Valid @NotNull RecordInput> records) {}

    public record RecordsToDelete(
            @NotBlank String zone,
            @NotEmpty(message = AT_LEAST_ONE_RECORD) List<@Valid @NotNull RecordSelector> records) {}

    /** Bean Validation's own text for an empty list is "size must be between 1 and 2147483647". */
    static final String AT_LEAST_ONE_RECORD = "must hold at least one record";

    public record DomainRef(@NotNull String domainName) {}

    /** {@code file}: the master file, as this parameter or as a {@code text/dns} body. */
    public record ZoneFileImport(
            @NotBlank String zone,
            @NotNull @Param(lines = true) String file,
            Boolean dryRun) {}

    @Inject
    RequestBinder parameters;

    @EJB
    ZoneCatalog catalog;

    @EJB
    ZoneEditor editor;

    @Inject
    RenderedZones renderedZones;

    @Inject
    ZoneLoads zoneLoads;

    @EJB
    ZoneImport zoneImport;

    /**
     * Optional paging, unknown to the original service's clients, which send none and get every
     * zone as before; with any of them {@code data.paging} tells the page, the total (unless the
     * page follows a cursor, {@code after}) and the cursor of the next page.
     */
    public record ZoneListQuery(
            @Min(1) @Max(1000) Integer limit,
            @Min(0) Integer offset,
            @Characters(min = 1, max = 253) String name,
            @Characters(min = 1, max = 253) String after) {}

    @GET
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    @Operation(
            operationId = "listZones",
            summary = "List the zones (all, or a page of those whose name contains `name`)")
    @Binds(ZoneListQuery.class)
    @Answers(data = "zones", schema = "Zone", array = true, optional = "paging:Paging")
    public Reply list() {
        ZoneListQuery input = parameters.bind(ZoneListQuery.class);
        var query = new ZoneCatalog.ZoneQuery(input.limit(), input.offset(), input.name(), input.after());
        RenderedZones.Listed listed = renderedZones.list(query);
        Reply reply = Reply.ok(CommonMessages.OK, "zones", listed.zones());
        if (!query.paged()) {
            return reply;
        }
        return reply.and(
                "paging",
                ZoneRepresentations.paging(new ZoneRepresentations.Page(
                        input.limit(),
                        Objects.requireNonNullElse(input.offset(), 0),
                        listed.total(),
                        query.after(),
                        listed.next())));
    }

    @POST
    @Path("create")
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    @Tagged
    @Operation(operationId = "createZone", summary = "Create a zone, optionally with records")
    @Binds(value = NewZone.class, example = """
            {"name": "example.com", "ttl": 3600, "records": [{"name": "www", "type": "A", "data": "192.0.2.10", "ttl": 600}, {"name": "@", "type": "MX", "data": "10 mail.example.com"}]}""")
    @Answers(data = "zone", schema = "Zone", status = 201)
    public Reply create() {
        var input = parameters.bindWithViolations(NewZone.class);
        ZoneEditOutcome created = editor.create(input.value(), input.violations());
        RenderedZones.Answer zone = renderedZones.render(created.zone());
        return Reply.created(ZoneMessages.ZONE_CREATED, "zone", zone.text())
                .tagged(zone.tag())
                .warnAll(created.warnings());
    }

    @DELETE
    @Path("delete")
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    @Tagged(ifMatch = true, untagged = true)
    @Operation(operationId = "deleteZone", summary = "Delete a zone (forceDelete dissociates assigned domains)")
    @Binds(ZoneRef.class)
    @Answers(data = "zone", schema = "Zone")
    public Reply delete() {
        ZoneRef input = parameters.bind(ZoneRef.class);
        return zoneLoads.whole(input.zone(), () -> {
            var deleted = editor.delete(input.zone(), Boolean.TRUE.equals(input.forceDelete()));
            return Reply.ok(ZoneMessages.ZONE_DELETED, "zone", ZoneRepresentations.zone(deleted));
        });
    }

    @POST
    @Path("records/add")
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    @Tagged(ifMatch = true)
    @Operation(operationId = "addRecords", summary = "Add records to a zone (all or nothing)")
    @Binds(value = RecordsToAdd.class, example = """
            {"zone": "example.com", "records": [{"name": "mail", "type": "A", "data": "192.0.2.25"}, {"name": "@", "type": "TXT", "data": "v=spf1 mx -all"}]}""")
    @Answers(data = "zone", schema = "Zone")
    public Reply addRecords() {
        var input = parameters.bindWithViolations(RecordsToAdd.class);
        requireZone(input);
        ZoneEditOutcome changed =
                editor.addRecords(input.value().zone(), orEmpty(input.value().records()), input.violations());
        RenderedZones.Answer zone = renderedZones.render(changed);
        return Reply.ok(ZoneMessages.RECORDS_ADDED, "zone", zone.text())
                .tagged(zone.tag())
                .warnAll(changed.warnings());
    }

    @DELETE
    @Path("records/delete")
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    @Tagged(ifMatch = true)
    @Operation(operationId = "deleteRecords", summary = "Delete the records matching any of the selectors")
    @Binds(value = RecordsToDelete.class, example = """
            {"zone": "example.com", "records": [{"name": "mail", "type": "A"}]}""")
    @Answers(data = "zone", schema = "Zone")
    public Reply deleteRecords() {
        var input = parameters.bindWithViolations(RecordsToDelete.class);
        requireZone(input);
        return zoneLoads.whole(input.value().zone(), () -> {
            ZoneEditOutcome changed = editor.deleteRecords(
                    input.value().zone(), orEmpty(input.value().records()), input.violations());
            // no match: success with a warning (api.md, DNS zones), and a success message that says the same
            MessageCode said =
                    changed.warnings().isEmpty() ? ZoneMessages.RECORDS_DELETED : ZoneMessages.NO_RECORDS_DELETED;
            RenderedZones.Answer zone = renderedZones.render(changed.zone());
            return Reply.ok(said, "zone", zone.text()).tagged(zone.tag()).warnAll(changed.warnings());
        });
    }

    @POST
    @Path("refresh")
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    @Tagged
    @Operation(operationId = "refreshZone", summary = "Publish the zone to the nameserver again")
    @Binds(ZoneRef.class)
    @Answers(data = "zone", schema = "Zone")
    public Reply refresh() {
        ZoneRef input = parameters.bind(ZoneRef.class);
        return zoneLoads.whole(input.zone(), () -> {
            var zone = renderedZones.render(editor.refresh(input.zone(), Boolean.TRUE.equals(input.forceDelete())));
            return Reply.ok(ZoneMessages.ZONE_REFRESHED, "zone", zone.text()).tagged(zone.tag());
        });
    }

    @GET
    @Path("show")
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    @Tagged(ifNoneMatch = true)
    @Operation(operationId = "showZone", summary = "Show a zone with its records")
    @Binds(ZoneToShow.class)
    @Answers(data = "zone", schema = "Zone")
    public Reply show() {
        ZoneToShow input = parameters.bind(ZoneToShow.class);
        RenderedZones.Answer zone = renderedZones.show(input.zone());
        if (zone.text() == null) {
            return Reply.notModified(zone.tag());
        }
        return Reply.ok(CommonMessages.OK, "zone", zone.text()).tagged(zone.tag());
    }

    @GET
    @Path("statistics")
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    @Operation(operationId = "zoneStatistics", summary = "Count zones, records and domains")
    @Binds(NoParameters.class)
    @Answers(data = "statistics", schema = "ZoneStatistics")
    public Reply statistics() {
        parameters.bind(NoParameters.class);
        return Reply.ok(CommonMessages.OK, "statistics", ZoneRepresentations.statistics(catalog.statistics()));
    }

    @PUT
    @Path("update")
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    @Tagged(ifMatch = true)
    @Operation(operationId = "updateZone", summary = "Change zone fields; given records replace all records")
    @Binds(ZoneChanges.class)
    @Answers(data = "zone", schema = "Zone")
    public Reply update() {
        var input = parameters.bindWithViolations(ZoneChanges.class);
        requireZone(input);
        return zoneLoads.whole(input.value().zone(), () -> {
            ZoneEditOutcome updated = editor.update(input.value(), input.violations());
            RenderedZones.Answer zone = renderedZones.render(updated.zone());
            return Reply.ok(ZoneMessages.ZONE_UPDATED, "zone", zone.text())
                    .tagged(zone.tag())
                    .warnAll(updated.warnings());
        });
    }

    @POST
    @Path("{zone}/assignDomain")
    @RolesAllowed(Right.Names.CALLER)
    @Tagged(ifMatch = true)
    @Operation(operationId = "assignDomain", summary = "Bind a domain to the zone")
    @Binds(DomainRef.class)
    @Answers(data = "zone", schema = "Zone")
    public Reply assignDomain(@PathParam("zone") String zone) {
        DomainRef input = parameters.bind(DomainRef.class);
        return zoneLoads.whole(zone, () -> {
            ZoneEditOutcome assigned = editor.assignDomain(zone, input.domainName());
            // its own name: nothing assigned, which the warning says
            MessageCode said = assigned.warnings().isEmpty() ? ZoneMessages.DOMAIN_ASSIGNED : CommonMessages.OK;
            RenderedZones.Answer answer = renderedZones.render(assigned.zone());
            return Reply.ok(said, "zone", answer.text()).tagged(answer.tag()).warnAll(assigned.warnings());
        });
    }

    @POST
    @Path("{zone}/dissociateDomain")
    @RolesAllowed(Right.Names.CALLER)
    @Tagged(ifMatch = true)
    @Operation(operationId = "dissociateDomain", summary = "Unbind a domain from the zone")
    @Binds(DomainRef.class)
    @Answers(data = "zone", schema = "Zone")
    public Reply dissociateDomain(@PathParam("zone") String zone) {
        DomainRef input = parameters.bind(DomainRef.class);
        return zoneLoads.whole(zone, () -> {
            RenderedZones.Answer answer = renderedZones.render(editor.dissociateDomain(zone, input.domainName()));
            return Reply.ok(ZoneMessages.DOMAIN_DISSOCIATED, "zone", answer.text())
                    .tagged(answer.tag());
        });
    }

    @POST
    @Path("import")
    @RolesAllowed(Right.Names.DNS_ZONES_CRUD)
    @Tagged(ifMatch = true)
    @Operation(
            operationId = "importZone",
            summary = "Import an RFC 1035 master file into a new or an existing zone (dryRun: only the difference)")
    @Binds(value = ZoneFileImport.class, example = """
            {"zone": "example.com", "dryRun": true, "file": "$TTL 3600\\n@ IN SOA ns1.example.net. hostmaster.example.com. 1 7200 3600 1209600 3600\\nwww IN A 192.0.2.10\\n"}""")
    @Answers(data = "", schema = "ZoneImport")
    public Reply importZone() {
        ZoneFileImport input = parameters.bind(ZoneFileImport.class);
        return zoneLoads.whole(input.zone(), () -> imported(input));
    }

    private Reply imported(ZoneFileImport input) {
        boolean dryRun = Boolean.TRUE.equals(input.dryRun());
        ZoneImport.Outcome outcome = zoneImport.importZone(input.zone(), input.file(), dryRun);
        RenderedZones.AnsweredObject zone = outcome.zone() == null ? null : renderedZones.withDnssec(outcome.zone());
        JsonObject data = ZoneRepresentations.imported(outcome, zone == null ? null : zone.zone());
        Reply reply = dryRun
                ? Reply.ok(ZoneMessages.IMPORT_CHECKED, data)
                : outcome.difference().newZone()
                        ? Reply.created(ZoneMessages.ZONE_IMPORTED, data)
                        : Reply.ok(ZoneMessages.ZONE_IMPORTED, data);
        // a dry run answers no zone, and so no tag
        return reply.tagged(zone == null ? null : zone.tag()).warnAll(outcome.warnings());
    }

    /** Without the zone there is nothing to check the rest against: that alone is reported. */
    private static void requireZone(ParameterBinder.Bound<?> input) {
        input.violations().at("zone").only().throwIfAny();
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    /** The zone as an RFC 1035 master file ({@code text/dns}); errors still answer the envelope. */
    @GET
    @Path("export")
    @Produces({"text/dns", MediaType.APPLICATION_JSON})
    @RolesAllowed(Right.Names.DNS_ZONES_LIST)
    @Operation(operationId = "exportZone", summary = "The zone as an RFC 1035 master file")
    @Binds(ZoneRef.class)
    @APIResponse(responseCode = "200", description = "The zone file", content = @Content(mediaType = "text/dns"))
    public Response export() {
        ZoneRef input = parameters.bind(ZoneRef.class);
        return Response.ok(catalog.export(input.zone()), "text/dns; charset=utf-8")
                .build();
    }
}
