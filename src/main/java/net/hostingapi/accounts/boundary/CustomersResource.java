package net.hostingapi.accounts.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import net.hostingapi.accounts.control.AccountMessages;
import net.hostingapi.accounts.control.CustomerOnboarding;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Operator only: a new customer account with its owner and first token. */
@ApplicationScoped
@Tag(name = "Customers", description = "Customer accounts (operator only)")
@RetryOnDeadlock
@Path("customers")
@Produces(MediaType.APPLICATION_JSON)
public class CustomersResource {

    @Inject
    RequestBinder parameters;

    @EJB
    CustomerOnboarding customers;

    @POST
    @Path("create")
    @RolesAllowed(Right.Names.CUSTOMERS_CREATE)
    @Operation(operationId = "createCustomer", summary = "Create a customer account with its owner and a first token")
    @Binds(UsersResource.NewUser.class)
    @Answers(data = "", schema = "CustomerCreated", status = 201)
    public Reply create() {
        UsersResource.NewUser input = parameters.bind(UsersResource.NewUser.class);
        CustomerOnboarding.Onboarded onboarded = customers.create(input.username(), input.email());
        return Reply.created(AccountMessages.CREATED, AccountRepresentations.customerCreated(onboarded));
    }
}
