package net.hostingapi.handles.boundary;

import jakarta.annotation.security.PermitAll;
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
import net.hostingapi.handles.control.HandleAndMail;
import net.hostingapi.handles.control.HandleMessages;
import net.hostingapi.handles.control.HandleRegistry;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Verification of a handle's e-mail address: refresh and resend for the account, and the
 * public confirm endpoint the mailed link points at (the link's token is its only credential).
 */
@ApplicationScoped
@RetryOnDeadlock
@Tag(name = "Domain handles", description = "Contacts for domain registrations")
@Path("domain/handles/verification")
@Produces(MediaType.APPLICATION_JSON)
public class HandleVerificationResource {

    record ConfirmToken(@NotBlank String token) {}

    @Inject
    RequestBinder parameters;

    @EJB
    HandleRegistry handles;

    @POST
    @Path("refresh")
    @RolesAllowed(Right.Names.CALLER)
    @Operation(operationId = "refreshVerification", summary = "Re-evaluate a handle's verification")
    @Binds(HandleRef.class)
    @Answers(data = "handle", schema = "Handle")
    public Reply refresh() {
        HandleRef input = parameters.bind(HandleRef.class);
        return Reply.ok(
                HandleMessages.VERIFICATION_REFRESHED,
                "handle",
                HandleRepresentations.handle(handles.refresh(input.handle())));
    }

    @POST
    @Path("resend")
    @RolesAllowed(Right.Names.CALLER)
    @Operation(operationId = "resendVerification", summary = "Send a fresh verification link (rate-limited)")
    @Binds(HandleRef.class)
    @Answers(data = "handle", schema = "Handle")
    public Reply resend() {
        HandleRef input = parameters.bind(HandleRef.class);
        HandleAndMail resent = handles.resend(input.handle());
        return HandleRepresentations.withMailNotice(
                Reply.ok(HandleMessages.VERIFICATION_SENT, "handle", HandleRepresentations.handle(resent.handle())),
                resent);
    }

    @GET
    @Path("confirm")
    @PermitAll
    @Operation(operationId = "confirmVerification", summary = "The mailed verification link (public)")
    @Binds(ConfirmToken.class)
    @Answers(data = "verification", schema = "ConfirmedVerification")
    public Reply confirm() {
        ConfirmToken input = parameters.bind(ConfirmToken.class);
        return Reply.ok(
                HandleMessages.VERIFICATION_CONFIRMED,
                "verification",
                HandleRepresentations.confirmed(handles.confirm(input.token())));
    }

    /** The same for clients that would rather not follow a link with GET. */
    @POST
    @Path("confirm")
    @PermitAll
    @Operation(operationId = "confirmVerificationByPost", summary = "The verification link, by POST (public)")
    @Binds(ConfirmToken.class)
    @Answers(data = "verification", schema = "ConfirmedVerification")
    public Reply confirmByPost() {
        return confirm();
    }
}
