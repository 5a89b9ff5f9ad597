package net.hostingapi.accounts.boundary;

import jakarta.annotation.security.RolesAllowed;
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
import net.hostingapi.accounts.control.PermissionRegistry;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.boundary.Reply;
import net.hostingapi.platform.boundary.RequestBinder;
import net.hostingapi.platform.control.JsonFields;
import net.hostingapi.platform.control.MessageCode;
import net.hostingapi.platform.control.NoParameters;

@ApplicationScoped
@Path("account/permissions")
@Produces(MediaType.APPLICATION_JSON)
public class PermissionsResource {

    /** The user's complete new set of rights. */
    public record PermissionUpdate(@NotNull String user, @NotNull List<@NotNull Right> permissions) {
    }

    @Inject
    RequestBinder parameters;

    @Inject
    PermissionRegistry permissions;

    @GET
    @RolesAllowed(Right.Names.CALLER)
    public Reply catalogue() {
        parameters.bind(NoParameters.class);
        return Reply.ok(MessageCode.OK, "permissions",
                JsonFields.array(Arrays.asList(Right.values()), AccountRepresentations::permission));
    }

    @GET
    @Path("assigned")
    @RolesAllowed(Right.Names.CALLER)
    public Reply assigned() {
        parameters.bind(NoParameters.class);
        PermissionRegistry.Assignment assignment = permissions.assigned();
        return Reply.ok(MessageCode.OK, JsonFields.object()
                .put("user", assignment.username())
                .put("permissions", JsonFields.array(assignment.rights(), AccountRepresentations::permission))
                .build());
    }

    @PUT
    @Path("update")
    @RolesAllowed(Right.Names.ACCOUNT_PERMISSIONS_UPDATE)
    public Reply update() {
        PermissionUpdate input = parameters.bind(PermissionUpdate.class);
        return Reply.ok(MessageCode.UPDATED, "user",
                AccountRepresentations.user(permissions.update(input.user(), input.permissions())));
    }
}
