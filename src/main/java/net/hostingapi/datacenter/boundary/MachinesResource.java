package net.hostingapi.datacenter.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.datacenter.control.IpAddress;
import net.hostingapi.datacenter.control.MachineMessages;
import net.hostingapi.datacenter.control.Machines;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import net.hostingapi.platform.parameters.control.NoParameters;
import net.hostingapi.platform.parameters.control.Param;
import net.hostingapi.platform.validation.control.Characters;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The machine inventory: registered and removed by the operator, listed by each account. */
@ApplicationScoped
@Tag(name = "Machines", description = "The machine inventory: which account a machine belongs to")
@RetryOnDeadlock
@Path("datacenter/machines")
@Produces(MediaType.APPLICATION_JSON)
public class MachinesResource {

    public record NewMachine(
            @NotBlank @Characters(max = 64) String customer,

            @NotNull
            @Pattern(regexp = ServerActionsResource.MAC, message = "must be a MAC address such as aa:bb:cc:dd:ee:ff")
            @Param("mac_address")
            String macAddress,

            @NotNull @Size(min = 1, max = 32) List<@NotNull @IpAddress String> addresses,

            @Characters(max = 253) @Pattern(regexp = ServerActionsResource.HOSTNAME, message = "must be a host name")
            String hostname) {}

    public record MachineRef(@NotNull @Min(1) Long id) {}

    @Inject
    RequestBinder parameters;

    @EJB
    Machines machines;

    @GET
    @RolesAllowed(Right.Names.CALLER)
    @Operation(
            operationId = "listMachines",
            summary = "List the account's machines (the operator's right: every machine)")
    @Binds(NoParameters.class)
    @Answers(data = "machines", schema = "Machine", array = true)
    public Reply list() {
        parameters.bind(NoParameters.class);
        return Reply.ok(
                CommonMessages.OK, "machines", JsonFields.array(machines.list(), MachineRepresentations::machine));
    }

    @POST
    @Path("create")
    @RolesAllowed(Right.Names.MACHINES_CRUD)
    @Operation(operationId = "createMachine", summary = "Register a machine to a customer's account (operator only)")
    @Binds(NewMachine.class)
    @Answers(data = "machine", schema = "Machine", status = 201)
    public Reply create() {
        NewMachine in = parameters.bind(NewMachine.class);
        Machines.Change registered = machines.register(in.customer(), in.macAddress(), in.addresses(), in.hostname());
        return cancellations(
                Reply.created(
                        MachineMessages.MACHINE_REGISTERED,
                        "machine",
                        MachineRepresentations.machine(registered.machine())),
                registered);
    }

    @POST
    @Path("delete")
    @RolesAllowed(Right.Names.MACHINES_CRUD)
    @Operation(operationId = "deleteMachine", summary = "Remove a machine from the inventory (operator only)")
    @Binds(MachineRef.class)
    @Answers(data = "machine", schema = "Machine")
    public Reply delete() {
        MachineRef in = parameters.bind(MachineRef.class);
        Machines.Change removed = machines.remove(in.id());
        return cancellations(
                Reply.ok(MachineMessages.MACHINE_REMOVED, "machine", MachineRepresentations.machine(removed.machine())),
                removed);
    }

    private static Reply cancellations(Reply reply, Machines.Change change) {
        if (change.cancelledActions() > 0) {
            reply.warn(Message.of(
                    MachineMessages.ACTIONS_CANCELLED,
                    change.cancelledActions() == 1
                            ? "1 unfinished server action on the machine was cancelled"
                            : change.cancelledActions() + " unfinished server actions on the machine were cancelled"));
        }
        return reply;
    }
}
