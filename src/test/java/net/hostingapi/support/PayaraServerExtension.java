package net.hostingapi.support;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Where the in-container tests run on Payara Server (the {@code payara-server} execution points
 * Arquillian at {@code arquillian-payara-server.xml}): one domain for the whole run, made as deployment.md's
 * recipe says ({@link PayaraServerDomain}), its listeners on 127.0.0.1, started before Arquillian
 * connects to it ({@code allowConnectingToRunningServer}, the admin port from
 * {@code payara.server.admin.port}) and stopped at the end of the run. Elsewhere it does nothing:
 * Arquillian starts Payara Micro itself.
 */
public class PayaraServerExtension implements BeforeAllCallback {

    private static final String KEY = PayaraServerExtension.class.getName();

    /** The Arquillian configuration of the payara-server execution. */
    static final String CONFIGURATION = "arquillian-payara-server.xml";

    @Override
    public void beforeAll(ExtensionContext context) {
        if (!CONFIGURATION.equals(System.getProperty("arquillian.xml"))) {
            return;
        }
        context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(KEY, key -> started(), RunningDomain.class);
    }

    private static RunningDomain started() {
        try {
            PayaraServerDomain domain = PayaraServerDomain.started(
                    Path.of("target", "payara-server-arquillian").toAbsolutePath(), "arquillian", Map.of());
            domain.dataGrid("hosting-arquillian-" + Long.toHexString(System.nanoTime()));
            domain.readyToDeploy();
            System.setProperty("payara.server.admin.port", Integer.toString(domain.adminPort()));
            System.setProperty("payara.server.home", PayaraServerDomain.PAYARA.toString());
            return new RunningDomain(domain);
        } catch (Exception e) {
            throw new IllegalStateException("the Payara Server domain of the in-container tests", e);
        }
    }

    /** Stops the domain when JUnit closes the run's root store. */
    private record RunningDomain(PayaraServerDomain domain) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            domain.close();
        }
    }
}
