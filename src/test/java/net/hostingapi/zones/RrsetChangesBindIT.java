package net.hostingapi.zones;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.net.URL;
import net.hostingapi.nameserver.BindExtension;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.MariaDbExtension;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * RRset changes at BIND ({@link RrsetChangeScenario}): each change a zone file renamed over the
 * old one, then {@code rndc reload}. Run by the build's "bind" failsafe execution.
 */
@ExtendWith(MariaDbExtension.class)
@ExtendWith(BindExtension.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RrsetChangesBindIT extends RrsetChangeScenario {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @BeforeAll
    static void runByTheBindExecution() {
        assertNotNull(
                System.getenv("ZONE_RELOAD_COMMAND"),
                "RrsetChangesBindIT runs in the build's \"bind\" failsafe execution, which sets ZONE_RELOAD_COMMAND");
    }

    @Override
    URL base() {
        return base;
    }

    @Override
    int dnsPort() {
        return BindExtension.server().dnsPort();
    }
}
