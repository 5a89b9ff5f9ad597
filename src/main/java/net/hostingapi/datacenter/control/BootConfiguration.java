package net.hostingapi.datacenter.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import net.hostingapi.datacenter.entity.ServerAction.Kind;
import org.eclipse.microprofile.config.Config;

/**
 * How RESCUE and INSTALL boot, from configuration: {@code <KIND>_KERNEL_URL},
 * {@code <KIND>_INITRD_URL}, {@code <KIND>_CMDLINE}, or {@code <KIND>_SCRIPT_URL} to chain to a
 * script of one's own instead. The defaults boot the Debian 12 network installer (in rescue
 * mode for RESCUE). The status URL in every script is built from PUBLIC_BASE_URL.
 */
@ApplicationScoped
public class BootConfiguration {

    static final String DEBIAN_NETBOOT =
            "http://deb.debian.org/debian/dists/bookworm/main/installer-amd64/current/images/netboot/debian-installer/amd64/";
    public static final String STATUS_PATH = "/api/v1/datacenter/server-actions/status";

    @Inject
    Config config;

    private IpxeScripts.Settings settings;

    @PostConstruct
    void read() {
        Map<Kind, IpxeScripts.Boot> boots = new EnumMap<>(Kind.class);
        boots.put(Kind.RESCUE, boot("RESCUE", "rescue/enable=true"));
        boots.put(Kind.INSTALL, boot("INSTALL", "auto=true priority=critical"));
        String port = value("HTTP_PORT").orElse("8080");
        String base =
                value("PUBLIC_BASE_URL").orElse("http://localhost:" + port).replaceAll("/+$", "");
        int timeout = config.getOptionalValue("SERVER_ACTIONS_MENU_TIMEOUT", Integer.class)
                .orElse(10);
        settings = new IpxeScripts.Settings(base + STATUS_PATH, Map.copyOf(boots), timeout);
    }

    public IpxeScripts.Settings settings() {
        return settings;
    }

    private IpxeScripts.Boot boot(String kind, String defaultCmdline) {
        return new IpxeScripts.Boot(
                value(kind + "_KERNEL_URL").orElse(DEBIAN_NETBOOT + "linux"),
                orNone(value(kind + "_INITRD_URL").orElse(DEBIAN_NETBOOT + "initrd.gz")),
                orNone(value(kind + "_CMDLINE").orElse(defaultCmdline)),
                value(kind + "_SCRIPT_URL").orElse(null));
    }

    /** An empty value means "the default" to MicroProfile Config, so "none" says "without". */
    private static String orNone(String value) {
        return "none".equalsIgnoreCase(value) ? null : value;
    }

    private Optional<String> value(String name) {
        return config.getOptionalValue(name, String.class).map(String::trim).filter(v -> !v.isEmpty());
    }
}
