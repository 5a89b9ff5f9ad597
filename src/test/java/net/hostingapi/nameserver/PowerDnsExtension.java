package net.hostingapi.nameserver;

import java.nio.file.Path;
import net.hostingapi.support.PowerDnsServer;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts PowerDNS on the ports the build reserved, before Arquillian boots Payara (which is told
 * PDNS_API_URL by the build); stopped when the run ends. Register before ArquillianExtension.
 */
public class PowerDnsExtension implements BeforeAllCallback {

    private static PowerDnsServer server;

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(PowerDnsExtension.class.getName(), k -> {
                    server = PowerDnsServer.create(
                            Path.of("target", "pdns"),
                            Integer.parseInt(System.getProperty("test.pdns.dns.port")),
                            Integer.parseInt(System.getProperty("test.pdns.api.port")));
                    server.start();
                    return (ExtensionContext.Store.CloseableResource) () -> server.stop();
                });
    }

    public static PowerDnsServer server() {
        return server;
    }
}
