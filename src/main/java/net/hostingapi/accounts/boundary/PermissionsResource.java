package net.hostingapi.accounts.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
import java.util.List;
import net.hostingapi.accounts.control.AccountMessages;
import net.hostingapi.accounts.control.PermissionRegistry;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import net.hostingapi.platform.parameters.control.NoParameters;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@ApplicationScoped
@Tag(name = "Permissions", description = "Rights and their assignment to users")
@RetryOnDeadlock
@Path("account/permissions")
@Produces(MediaType.APPLICATION_JSON)
public class PermissionsResource {

    /** The user's complete new set of rights. */
    public record PermissionUpdate(
            @NotNull String user, @NotNull List<@NotNull Right> permissions) {}

    @Inject
    RequestBinder parameters;

    @EJB
    PermissionRegistry permissions;

    @GET
    @RolesAllowed(Right.Names.CALLER)
    @Operation(operationId = "listPermissions", summary = "List every right")
    @Binds(NoParameters.class)
    @Answers(data = "permissions", schema = "Permission", array = true)
    public Reply catalogue() {
        parameters.bind(NoParameters.class);
        return Reply.ok(
                CommonMessages.OK,
                "permissions",
                JsonFields.array(Arrays.asList(Right.values()), AccountRepresentations::permission));
    }

    @GET
    @Path("assigned")
    @RolesAllowed(Right.Names.CALLER)
    @Operation(operationId = "assignedPermissions", summary = "The rights of the calling user")
    @Binds(NoParameters.class)
    @Answers(data = "", schema = "AssignedPermissions")
    public Reply assigned() {
        parameters.bind(NoParameters.class);
        PermissionRegistry.Assignment assignment = permissions.assigned();
        return Reply.ok(CommonMessages.OK, AccountRepresentations.assigned(assignment));
    }

    @PUT
    @Path("update")
    @RolesAllowed(Right.Names.ACCOUNT_PERMISSIONS_UPDATE)
    @Operation(operationId = "updatePermissions", summary = "Set the rights of a user")
    @Binds(PermissionUpdate.class)
    @Answers(data = "user", schema = "User")
    public Reply update() {
        PermissionUpdate input = parameters.bind(PermissionUpdate.class);
        return Reply.ok(
                AccountMessages.UPDATED,
                "user",
                AccountRepresentations.user(permissions.update(input.user(), input.permissions())));
    }
}
