package net.hostingapi.zones;

import java.net.URL;
import net.hostingapi.nameserver.PowerDnsExtension;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.MariaDbExtension;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * RRset changes at PowerDNS ({@link RrsetChangeScenario}): each change one PATCH, one transaction
 * there. Run by the build's "powerdns" failsafe execution.
 */
@ExtendWith(MariaDbExtension.class)
@ExtendWith(PowerDnsExtension.class)
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RrsetChangesPowerDnsIT extends RrsetChangeScenario {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Override
    URL base() {
        return base;
    }

    @Override
    int dnsPort() {
        return PowerDnsExtension.server().dnsPort();
    }
}
