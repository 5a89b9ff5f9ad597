package net.hostingapi.nameserver;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts BIND on the ports the build reserved, before Arquillian boots Payara (the build's
 * "bind" failsafe execution tells Payara ZONE_FILE_DIR and the rndc commands); stopped when the
 * run ends. Register before ArquillianExtension.
 */
public class BindExtension implements BeforeAllCallback {

    private static BindServer server;

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(BindExtension.class.getName(), k -> {
                    server = BindServer.create(
                            Path.of(System.getProperty("test.bind.dir", "target/bind")),
                            Integer.parseInt(System.getProperty("test.bind.dns.port")),
                            Integer.parseInt(System.getProperty("test.bind.rndc.port")));
                    server.start();
                    return (ExtensionContext.Store.CloseableResource) () -> server.stop();
                });
    }

    public static BindServer server() {
        return server;
    }
}
