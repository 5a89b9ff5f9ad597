package net.hostingapi.datacenter.boundary;

import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.datacenter.control.IpAddress;
import net.hostingapi.datacenter.control.MachineAddress;
import net.hostingapi.datacenter.control.MachineMessages;
import net.hostingapi.datacenter.control.ServerActions;
import net.hostingapi.datacenter.entity.ServerAction;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.limits.boundary.RateLimited;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import net.hostingapi.platform.parameters.control.NoParameters;
import net.hostingapi.platform.parameters.control.Param;
import net.hostingapi.platform.requests.boundary.ClientAddresses;
import net.hostingapi.platform.validation.control.Characters;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Server actions: scheduling on the account's machines (a valid token, no named right), and the three
 * public endpoints a network-booting machine calls (file, menu, status), rate-limited per address.
 */
@ApplicationScoped
@Tag(name = "Server actions", description = "Network-boot actions and the public endpoints machines call")
@RetryOnDeadlock
@Path("datacenter/server-actions")
@Produces(MediaType.APPLICATION_JSON)
public class ServerActionsResource {

    static final String MAC = "[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\\1[0-9A-Fa-f]{2}){4}";
    static final String TEMPLATE = "[A-Za-z0-9][A-Za-z0-9._-]{0,63}";
    static final String HOSTNAME =
            "[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*";
    static final MediaType SCRIPT = MediaType.TEXT_PLAIN_TYPE.withCharset("utf-8");

    /** The machine by its id or its MAC address; the address one of its addresses (the first when absent). */
    public record NewAction(
            @Min(1) Long machine,

            @Pattern(regexp = MAC, message = "must be a MAC address such as aa:bb:cc:dd:ee:ff") @Param("mac_address")
            String macAddress,

            @IpAddress String address,
            @NotNull ServerAction.Kind action,

            @Characters(max = 64)
            @Pattern(
                    regexp = TEMPLATE,
                    message = "must be letters, digits, '.', '_' and '-', starting with a letter or digit")
            String template,

            @Characters(max = 253) @Pattern(regexp = HOSTNAME, message = "must be a host name")
            String hostname) {}

    public record ActionRef(@NotNull @Min(1) Long id) {}

    public record MachineQuery(@NotNull String address) {}

    public record StatusReport(
            @NotNull ServerAction.State state,

            @NotNull @Min(0) @Max(100) @Param("state_percent")
            Integer statePercent,

            @NotBlank @Characters(max = 255) @Param("state_text")
            String stateText) {}

    @Inject
    RequestBinder parameters;

    @EJB
    ServerActions actions;

    @Inject
    ClientAddresses clients;

    @Context
    HttpServletRequest request;

    @Context
    HttpHeaders headers;

    @GET
    @RolesAllowed(Right.Names.CALLER)
    @Operation(operationId = "listServerActions", summary = "List the server actions")
    @Binds(NoParameters.class)
    @Answers(data = "actions", schema = "ServerAction", array = true)
    public Reply list() {
        parameters.bind(NoParameters.class);
        return Reply.ok(
                CommonMessages.OK, "actions", JsonFields.array(actions.list(), ServerActionRepresentations::action));
    }

    @POST
    @Path("create")
    @RolesAllowed(Right.Names.CALLER)
    @Operation(operationId = "createServerAction", summary = "Schedule a server action")
    @Binds(NewAction.class)
    @Answers(data = "action", schema = "ServerAction", status = 201)
    public Reply create() {
        var bound = parameters.bindWithViolations(NewAction.class);
        NewAction in = bound.value();
        if (in != null && in.machine() == null && in.macAddress() == null) {
            bound.violations().at("mac_address").add(CommonMessages.FIELD_REQUIRED, "give machine or mac_address");
        }
        bound.violations().throwIfAny();
        return Reply.created(
                MachineMessages.ACTION_CREATED,
                "action",
                ServerActionRepresentations.action(actions.create(
                        in.machine(), in.macAddress(), in.address(), in.action(), in.template(), in.hostname())));
    }

    @GET
    @Path("show")
    @RolesAllowed(Right.Names.CALLER)
    @Operation(operationId = "showServerAction", summary = "Show a server action with its reports")
    @Binds(ActionRef.class)
    @Answers(data = "action", schema = "ServerAction")
    public Reply show() {
        ActionRef in = parameters.bind(ActionRef.class);
        return Reply.ok(
                CommonMessages.OK, "action", ServerActionRepresentations.actionWithHistory(actions.show(in.id())));
    }

    @POST
    @Path("cancel")
    @RolesAllowed(Right.Names.CALLER)
    @Operation(operationId = "cancelServerAction", summary = "Cancel a server action")
    @Binds(ActionRef.class)
    @Answers(data = "action", schema = "ServerAction")
    public Reply cancel() {
        ActionRef in = parameters.bind(ActionRef.class);
        return Reply.ok(
                MachineMessages.ACTION_CANCELLED,
                "action",
                ServerActionRepresentations.actionWithHistory(actions.cancel(in.id())));
    }

    @GET
    @Path("file")
    @PermitAll
    @RateLimited
    @Produces({MediaType.TEXT_PLAIN, MediaType.APPLICATION_JSON})
    @Operation(operationId = "serverActionFile", summary = "The iPXE script for the calling machine (public)")
    @Binds(MachineQuery.class)
    @Answers(data = "", schema = "BootScript")
    public Response file() {
        return script(actions.file(address()));
    }

    @GET
    @Path("menu")
    @PermitAll
    @RateLimited
    @Produces({MediaType.TEXT_PLAIN, MediaType.APPLICATION_JSON})
    @Operation(operationId = "serverActionMenu", summary = "The iPXE menu for the calling machine (public)")
    @Binds(MachineQuery.class)
    @Answers(data = "", schema = "BootScript")
    public Response menu() {
        return script(actions.menu(address()));
    }

    @POST
    @Path("status")
    @PermitAll
    @RateLimited
    @Operation(operationId = "reportServerActionStatus", summary = "A machine reports its progress (public)")
    @Binds(StatusReport.class)
    @Answers(data = "action", schema = "ServerActionProgress")
    public Reply status() {
        StatusReport in = parameters.bind(StatusReport.class);
        return Reply.ok(
                MachineMessages.STATUS_RECORDED,
                "action",
                ServerActionRepresentations.progress(
                        actions.report(clients.of(request), in.state(), in.statePercent(), in.stateText())));
    }

    /**
     * The machine's {@code address}. One that is there but is no text at all, or holds control
     * characters, is as malformed as any other non-address: 400 (api.md, Server actions), not the
     * binder's 422. A missing one stays 422.
     */
    private String address() {
        try {
            return parameters.bind(MachineQuery.class).address();
        } catch (ApiException e) {
            boolean malformed = e.status() == 422
                    && e.errors().stream()
                            .allMatch(m -> "address".equals(m.field()) && m.code() == CommonMessages.FIELD_INVALID);
            throw malformed ? MachineAddress.malformed() : e;
        }
    }

    /**
     * The script as text/plain for iPXE, or in the envelope ({@code data.script}) when the client
     * prefers JSON ({@code Accept: application/json}). Never cached: it changes with the action.
     */
    private Response script(String script) {
        if (prefersJson()) {
            return Response.ok(Reply.ok(CommonMessages.OK, "script", JsonFields.JSON.createValue(script)))
                    .build();
        }
        return Response.ok(script, SCRIPT).header("Cache-Control", "no-store").build();
    }

    private boolean prefersJson() {
        for (MediaType accepted : headers.getAcceptableMediaTypes()) {
            boolean json = accepted.isCompatible(MediaType.APPLICATION_JSON_TYPE);
            boolean text = accepted.isCompatible(MediaType.TEXT_PLAIN_TYPE);
            if (json || text) {
                return json && !text;
            }
        }
        return false;
    }
}
