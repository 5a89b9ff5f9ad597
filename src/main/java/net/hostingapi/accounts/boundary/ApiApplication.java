package net.hostingapi.accounts.boundary;

import jakarta.annotation.security.DeclareRoles;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;
import net.hostingapi.accounts.entity.Right;

/**
 * Every operation lives under /api/v1 (the WAR is deployed at the context root).
 * <p>
 * The application's roles, one for each right, declared here once: the web container knows a
 * caller's roles only if declared ({@code isUserInRole}, which {@code AccessFilter} asks). The EJB
 * container lets every bean of the module ask for every role the module knows
 * ({@code isCallerInRole}, which {@code PermissionRegistry} asks), the roles of the services'
 * {@code @RolesAllowed} among them, which name every right: a second declaration on that bean
 * changed nothing (AccountsIT, AuthenticationIT, RightsSweepIT).
 */
@ApplicationPath("api/v1")
@DeclareRoles({
    Right.Names.CALLER,
    Right.Names.DNS_ZONES_LIST,
    Right.Names.DNS_ZONES_CRUD,
    Right.Names.ACCOUNT_USERS_LIST,
    Right.Names.ACCOUNT_USERS_CRUD,
    Right.Names.ACCOUNT_TOKENS_LIST,
    Right.Names.ACCOUNT_TOKENS_CRUD,
    Right.Names.ACCOUNT_PERMISSIONS_UPDATE,
    Right.Names.PROJECTS_LIST,
    Right.Names.PROJECTS_CRUD,
    Right.Names.CUSTOMERS_CREATE,
    Right.Names.MACHINES_CRUD
})
public class ApiApplication extends Application {

    /**
     * Jersey's servlet container, seeing a form Content-Type and an empty body (ours is read
     * before it, see TokenAuthenticationModule), collects the servlet's parameters and, if it
     * finds any, logs a warning with the whole request URI, {@code authToken} included. With query
     * parameters not taken for form parameters it finds none (we read parameters ourselves).
     * <p>
     * Without WADL, Jersey answers {@code OPTIONS} with the allowed methods (made a 204 in
     * {@code EnvelopeFilter}) instead of a WADL document in whatever type {@code Accept} named, and
     * {@code /application.wadl} is an unknown path (404 in the envelope).
     */
    @Override
    public Map<String, Object> getProperties() {
        return Map.of(
                "jersey.config.servlet.form.queryParams.disabled", true, "jersey.config.server.wadl.disableWadl", true);
    }
}
