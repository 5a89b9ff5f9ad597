package net.hostingapi.accounts.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import net.hostingapi.accounts.control.AccountMessages;
import net.hostingapi.accounts.control.UserDirectory;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import net.hostingapi.platform.parameters.control.NoParameters;
import net.hostingapi.platform.validation.control.EmailAddress;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@ApplicationScoped
@Tag(name = "Users", description = "Users of the account")
@RetryOnDeadlock
@Path("account/users")
@Produces(MediaType.APPLICATION_JSON)
public class UsersResource {

    /** Usernames identify users across the service and appear in URLs: letters, digits, dot, dash, underscore. */
    public record NewUser(
            @NotNull
            @Pattern(
                    regexp = "[A-Za-z0-9][A-Za-z0-9._-]{2,63}",
                    message = "must be 3 to 64 letters, digits, '.', '_' or '-'")
            String username,

            @NotNull @EmailAddress String email) {}

    @Inject
    RequestBinder parameters;

    @EJB
    UserDirectory users;

    @GET
    @RolesAllowed(Right.Names.ACCOUNT_USERS_LIST)
    @Operation(operationId = "listUsers", summary = "List the users")
    @Binds(NoParameters.class)
    @Answers(data = "users", schema = "User", array = true)
    public Reply list() {
        parameters.bind(NoParameters.class);
        return Reply.ok(CommonMessages.OK, "users", JsonFields.array(users.list(), AccountRepresentations::user));
    }

    @POST
    @Path("create")
    @RolesAllowed(Right.Names.ACCOUNT_USERS_CRUD)
    @Operation(operationId = "createUser", summary = "Create a user")
    @Binds(NewUser.class)
    @Answers(data = "user", schema = "User", status = 201)
    public Reply create() {
        NewUser input = parameters.bind(NewUser.class);
        return Reply.created(
                AccountMessages.CREATED,
                "user",
                AccountRepresentations.user(users.create(input.username(), input.email())));
    }

    @GET
    @Path("{username}")
    @RolesAllowed(Right.Names.ACCOUNT_USERS_LIST)
    @Operation(operationId = "showUser", summary = "Show a user")
    @Binds(NoParameters.class)
    @Answers(data = "user", schema = "User")
    public Reply show(@PathParam("username") String username) {
        parameters.bind(NoParameters.class);
        return Reply.ok(CommonMessages.OK, "user", AccountRepresentations.user(users.show(username)));
    }
}
