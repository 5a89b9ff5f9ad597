package net.hostingapi.support;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real SMTP server (GreenMail) on the port the build reserved (failsafe passes it to Payara as
 * SMTP_HOST/SMTP_PORT), up before Arquillian boots Payara Micro and for the whole run. It knows
 * the SMTP_USER/SMTP_PASSWORD the service is configured with, so wrong credentials would make
 * every delivery fail. Tests stop and restart it to play a mail server that is down.
 */
public class GreenMailExtension implements BeforeAllCallback {

    private static final String KEY = GreenMailExtension.class.getName();
    private static volatile GreenMail server;

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).getOrComputeIfAbsent(KEY, k -> {
            start();
            return (ExtensionContext.Store.CloseableResource) GreenMailExtension::stop;
        });
    }

    /** The running server, for reading what it received. */
    public static GreenMail server() {
        if (server == null) {
            throw new IllegalStateException("GreenMail is not running");
        }
        return server;
    }

    public static synchronized void start() {
        int port = Integer.parseInt(System.getProperty("test.smtp.port"));
        GreenMail mail = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP))
                .withConfiguration(GreenMailConfiguration.aConfig()
                        .withUser(env("SMTP_USER", "hosting-api"), env("SMTP_PASSWORD", "")));
        mail.start();
        server = mail;
    }

    public static synchronized void stop() {
        if (server != null) {
            server.stop();
            server = null;
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null ? fallback : value;
    }
}
