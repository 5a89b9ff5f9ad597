package net.hostingapi.accounts.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import net.hostingapi.accounts.control.AccountMessages;
import net.hostingapi.accounts.control.ProjectRegistry;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import net.hostingapi.platform.parameters.control.NoParameters;
import net.hostingapi.platform.parameters.control.Param;
import net.hostingapi.platform.validation.control.Characters;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@ApplicationScoped
@Tag(name = "Projects", description = "Projects objects can be filed under")
@RetryOnDeadlock
@Path("projects")
@Produces(MediaType.APPLICATION_JSON)
public class ProjectsResource {

    public record NewProject(
            @NotBlank @Characters(max = 100) String name) {}

    public record ProjectRef(@Param("project_uuid") @NotNull String projectUuid) {}

    @Inject
    RequestBinder parameters;

    @EJB
    ProjectRegistry projects;

    @GET
    @RolesAllowed(Right.Names.PROJECTS_LIST)
    @Operation(operationId = "listProjects", summary = "List the projects")
    @Binds(NoParameters.class)
    @Answers(data = "projects", schema = "Project", array = true)
    public Reply list() {
        parameters.bind(NoParameters.class);
        return Reply.ok(
                CommonMessages.OK, "projects", JsonFields.array(projects.list(), AccountRepresentations::project));
    }

    @POST
    @Path("create")
    @RolesAllowed(Right.Names.PROJECTS_CRUD)
    @Operation(operationId = "createProject", summary = "Create a project")
    @Binds(NewProject.class)
    @Answers(data = "project", schema = "Project", status = 201)
    public Reply create() {
        NewProject input = parameters.bind(NewProject.class);
        return Reply.created(
                AccountMessages.CREATED, "project", AccountRepresentations.project(projects.create(input.name())));
    }

    @GET
    @Path("show")
    @RolesAllowed(Right.Names.PROJECTS_LIST)
    @Operation(operationId = "showProject", summary = "Show a project")
    @Binds(ProjectRef.class)
    @Answers(data = "project", schema = "Project")
    public Reply show() {
        ProjectRef input = parameters.bind(ProjectRef.class);
        return Reply.ok(
                CommonMessages.OK, "project", AccountRepresentations.project(projects.show(input.projectUuid())));
    }

    @DELETE
    @Path("delete")
    @RolesAllowed(Right.Names.PROJECTS_CRUD)
    @Operation(operationId = "deleteProject", summary = "Delete a project")
    @Binds(ProjectRef.class)
    @Answers(data = "project", schema = "Project")
    public Reply delete() {
        ProjectRef input = parameters.bind(ProjectRef.class);
        return Reply.ok(
                AccountMessages.DELETED,
                "project",
                AccountRepresentations.project(projects.delete(input.projectUuid())));
    }
}
