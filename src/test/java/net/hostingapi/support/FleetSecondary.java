package net.hostingapi.support;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The operator's fleet as the powerdns and bind executions configure the service with it
 * (SECONDARY_NAMESERVERS, SECONDARY_TSIG_KEY, CATALOG_ZONE): one BIND secondary, started once for
 * the run, configured with nothing but the catalog zone. It follows every zone the catalog lists
 * from the execution's nameserver (PowerDNS when PDNS_API_URL is set, BIND when
 * ZONE_RELOAD_COMMAND is), its transfers signed with the fleet's key. Register it after the
 * extension that starts that nameserver; the order against ArquillianExtension does not matter: a
 * catalog that is not there yet arrives with the NOTIFY of its first publication.
 */
public class FleetSecondary implements BeforeAllCallback {

    private static SecondaryServer server;

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(FleetSecondary.class.getName(), k -> {
                    SecondaryServer fleet = start();
                    server = fleet;
                    return (ExtensionContext.Store.CloseableResource) fleet::stop;
                });
    }

    /** The running secondary. */
    public static SecondaryServer server() {
        if (server == null) {
            throw new IllegalStateException("FleetSecondary is not registered (@ExtendWith(FleetSecondary.class))");
        }
        return server;
    }

    /** The catalog zone's name, CATALOG_ZONE as the service has it. */
    public static String catalogZone() {
        return setting("CATALOG_ZONE").toLowerCase(java.util.Locale.ROOT).replaceAll("\\.$", "");
    }

    /** The fleet's TSIG key, SECONDARY_TSIG_KEY ({@code algorithm:name:secret}) as the service has it. */
    public static SecondaryServer.Key key() {
        String[] parts = setting("SECONDARY_TSIG_KEY").split(":", 3);
        return new SecondaryServer.Key(parts[1], parts[0], parts[2]);
    }

    /** The primary the zones are transferred from: {address, port} of the execution's nameserver. */
    public static String[] primary() {
        if (System.getenv("PDNS_API_URL") != null) {
            return new String[] {"127.0.0.1", System.getProperty("test.pdns.dns.port")};
        }
        if (System.getenv("ZONE_RELOAD_COMMAND") != null) {
            return new String[] {"127.0.0.1", System.getProperty("test.bind.dns.port")};
        }
        throw new AssertionError("The fleet follows the catalog from the nameserver of the build's powerdns or bind"
                + " failsafe execution; this one sets neither PDNS_API_URL nor ZONE_RELOAD_COMMAND");
    }

    private static SecondaryServer start() {
        String fleet = setting("SECONDARY_NAMESERVERS");
        if (fleet.contains(",") || !fleet.contains("#")) {
            throw new AssertionError("SECONDARY_NAMESERVERS is one address#port here, not " + fleet);
        }
        String[] primary = primary();
        SecondaryServer secondary = SecondaryServer.bind(
                        fleet.substring(0, fleet.indexOf('#')),
                        Integer.parseInt(fleet.substring(fleet.indexOf('#') + 1)),
                        primary[0],
                        Integer.parseInt(primary[1]))
                .catalog(catalogZone(), key());
        secondary.start();
        return secondary;
    }

    private static String setting(String name) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            throw new AssertionError(name + " is not set: the fleet runs in the build's powerdns and bind failsafe"
                    + " executions, which set it for the service");
        }
        return value.strip();
    }
}
