package net.hostingapi.accounts.boundary;

import jakarta.ejb.EJB;
import jakarta.inject.Inject;
import jakarta.security.auth.message.config.AuthConfigFactory;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import net.hostingapi.accounts.control.TokenAuthentication;
import net.hostingapi.platform.parameters.boundary.RequestBodies;
import net.hostingapi.platform.requests.boundary.ClientAddresses;

/**
 * Puts {@link TokenAuthenticationModule} in front of the application (Jakarta Authentication's
 * registration for one web application), and takes it away again at undeploy.
 */
@WebListener
public class TokenAuthenticationSetup implements ServletContextListener {

    @EJB
    TokenAuthentication tokens;

    @Inject
    ClientAddresses clientAddresses;

    @Inject
    RequestBodies bodies;

    private String registration;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        registration = AuthConfigFactory.getFactory()
                .registerServerAuthModule(
                        new TokenAuthenticationModule(tokens, clientAddresses, bodies), event.getServletContext());
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        if (registration != null) {
            AuthConfigFactory.getFactory().removeRegistration(registration);
        }
    }
}
