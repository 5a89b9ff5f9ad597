package net.hostingapi.handles.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.handles.control.Countries;
import net.hostingapi.handles.control.HandleAndMail;
import net.hostingapi.handles.control.HandleChanges;
import net.hostingapi.handles.control.HandleMessages;
import net.hostingapi.handles.control.HandleRegistry;
import net.hostingapi.handles.control.HandleTags;
import net.hostingapi.handles.control.NewHandle;
import net.hostingapi.handles.entity.Handle;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.openapi.boundary.Tagged;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import net.hostingapi.platform.parameters.control.NoParameters;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Domain handles: a valid token and no named right (api.md, Authentication and rights). */
@ApplicationScoped
@RetryOnDeadlock
@Tag(name = "Domain handles", description = "Contacts for domain registrations")
@Path("domain/handles")
@Produces(MediaType.APPLICATION_JSON)
public class HandlesResource {

    @Inject
    RequestBinder parameters;

    @EJB
    HandleRegistry handles;

    @Inject
    HandleTags tags;

    @GET
    @RolesAllowed(Right.Names.CALLER)
    @Operation(operationId = "listHandles", summary = "List the handles")
    @Binds(NoParameters.class)
    @Answers(data = "handles", schema = "Handle", array = true)
    public Reply list() {
        parameters.bind(NoParameters.class);
        return Reply.ok(CommonMessages.OK, "handles", JsonFields.array(handles.list(), HandleRepresentations::handle));
    }

    @GET
    @Path("countries")
    @RolesAllowed(Right.Names.CALLER)
    @Operation(operationId = "listCountries", summary = "The countries a handle may name")
    @Binds(NoParameters.class)
    @Answers(data = "countries", schema = "Country", array = true)
    public Reply countries() {
        parameters.bind(NoParameters.class);
        return Reply.ok(
                CommonMessages.OK, "countries", JsonFields.array(Countries.all(), HandleRepresentations::country));
    }

    @POST
    @Path("create")
    @RolesAllowed(Right.Names.CALLER)
    @Tagged
    @Operation(operationId = "createHandle", summary = "Create a handle (a verification mail is sent)")
    @Binds(value = NewHandle.class, example = """
            {"type": "PERS", "sex": "FEMALE", "firstname": "Erika", "lastname": "Mustermann", "street": "Hauptstrasse", "number": "1", "postcode": "10115", "city": "Berlin", "region": "Berlin", "country": "DE", "email": "erika@example.com", "phone": "+49.3012345678"}""")
    @Answers(data = "handle", schema = "Handle", status = 201)
    public Reply create() {
        NewHandle input = parameters.bind(NewHandle.class);
        HandleAndMail created = handles.create(input);
        return HandleRepresentations.withMailNotice(
                Reply.created(HandleMessages.HANDLE_CREATED, "handle", HandleRepresentations.handle(created.handle()))
                        .tagged(HandleTags.of(created.handle())),
                created);
    }

    @DELETE
    @Path("delete")
    @RolesAllowed(Right.Names.CALLER)
    @Tagged(ifMatch = true, untagged = true)
    @Operation(operationId = "deleteHandle", summary = "Delete a handle")
    @Binds(HandleRef.class)
    @Answers(data = "handle", schema = "Handle")
    public Reply delete() {
        HandleRef input = parameters.bind(HandleRef.class);
        return Reply.ok(
                HandleMessages.HANDLE_DELETED, "handle", HandleRepresentations.handle(handles.delete(input.handle())));
    }

    @POST
    @Path("edit")
    @RolesAllowed(Right.Names.CALLER)
    @Tagged(ifMatch = true)
    @Operation(operationId = "editHandle", summary = "Change a handle (identity fields stay as they are)")
    @Binds(HandleChanges.class)
    @Answers(data = "handle", schema = "Handle")
    public Reply edit() {
        HandleChanges input = parameters.bind(HandleChanges.class);
        HandleAndMail edited = handles.edit(input);
        return HandleRepresentations.withMailNotice(
                Reply.ok(HandleMessages.HANDLE_UPDATED, "handle", HandleRepresentations.handle(edited.handle()))
                        .tagged(HandleTags.of(edited.handle())),
                edited);
    }

    @GET
    @Path("show")
    @RolesAllowed(Right.Names.CALLER)
    @Tagged(ifNoneMatch = true)
    @Operation(operationId = "showHandle", summary = "Show a handle")
    @Binds(HandleRef.class)
    @Answers(data = "handle", schema = "Handle")
    public Reply show() {
        HandleRef input = parameters.bind(HandleRef.class);
        Handle handle = handles.show(input.handle());
        String tag = HandleTags.of(handle);
        if (tags.notModified(tag)) {
            return Reply.notModified(tag);
        }
        return Reply.ok(CommonMessages.OK, "handle", HandleRepresentations.handle(handle))
                .tagged(tag);
    }

    @GET
    @Path("statistics")
    @RolesAllowed(Right.Names.CALLER)
    @Operation(operationId = "handleStatistics", summary = "Count handles by type and verification state")
    @Binds(NoParameters.class)
    @Answers(data = "statistics", schema = "HandleStatistics")
    public Reply statistics() {
        parameters.bind(NoParameters.class);
        return Reply.ok(CommonMessages.OK, "statistics", HandleRepresentations.statistics(handles.statistics()));
    }
}
