package net.hostingapi.accounts.control;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Optional;
import net.hostingapi.accounts.entity.Account;
import net.hostingapi.accounts.entity.Project;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.messages.control.ApiException;

/** The projects of the caller's account. */
@Stateless
public class ProjectRegistry {

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    @RolesAllowed(Right.Names.PROJECTS_LIST)
    public List<Project> list() {
        return em.createNamedQuery(Project.IN_ACCOUNT, Project.class)
                .setParameter("account", caller.accountId())
                .getResultList();
    }

    @RolesAllowed(Right.Names.PROJECTS_LIST)
    public Project show(String uuid) {
        return find(uuid).orElseThrow(() -> ApiException.notFound("Project"));
    }

    @RolesAllowed(Right.Names.PROJECTS_CRUD)
    public Project create(String name) {
        Project project = new Project(em.find(Account.class, caller.accountId()), name);
        em.persist(project);
        em.flush();
        return project;
    }

    @RolesAllowed(Right.Names.PROJECTS_CRUD)
    public Project delete(String uuid) {
        Project project = show(uuid);
        em.remove(project);
        return project;
    }

    /** A project of the caller's account, for other areas checking a {@code project_uuid}. */
    @RolesAllowed(Right.Names.CALLER)
    public Optional<Project> find(String uuid) {
        return em.createNamedQuery(Project.BY_UUID, Project.class)
                .setParameter("account", caller.accountId())
                .setParameter("uuid", uuid)
                .getResultStream()
                .findFirst();
    }
}
