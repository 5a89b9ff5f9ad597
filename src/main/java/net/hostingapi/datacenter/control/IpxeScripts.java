package net.hostingapi.datacenter.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.hostingapi.datacenter.entity.ServerAction.Kind;
import net.hostingapi.datacenter.entity.ServerAction.State;

/**
 * Writes the iPXE scripts the public {@code file} and {@code menu} endpoints answer. A script
 * always ends in a local boot ({@code sanboot} of the first disk, or {@code exit} back to the
 * firmware when that fails), so a machine never stops at a failed download or an unknown address.
 * Every value comes in through {@link IpxeText}.
 */
public final class IpxeScripts {

    /** How one kind of action boots: a kernel and initrd with a command line, or a script to chain to. */
    public record Boot(String kernelUrl, String initrdUrl, String cmdline, String scriptUrl) {

        boolean chains() {
            return present(scriptUrl);
        }

        boolean configured() {
            return chains() || present(kernelUrl);
        }
    }

    /** Where the machine reports ({@code statusUrl}), how each kind boots, and how long the menu waits. */
    public record Settings(String statusUrl, Map<Kind, Boot> boots, int menuTimeoutSeconds) {}

    /** The machine's unfinished action, as far as the scripts need it. */
    public record Machine(
            long id,
            Kind kind,
            State state,
            int percent,
            String stateText,
            String template,
            String hostname,
            String mac,
            String address) {}

    static final String LOCAL_BOOT = "sanboot --no-describe --drive 0x80 || exit";

    private IpxeScripts() {}

    /** What the machine boots now: its pending action, or the local disk (nothing pending, unknown address). */
    public static String file(Settings settings, Machine open) {
        List<String> lines = header();
        if (open == null || open.state() != State.PENDING) {
            lines.add("# No server action is pending for this machine");
            lines.add("echo No server action pending, booting from the local disk");
            lines.add(LOCAL_BOOT);
            return join(lines);
        }
        lines.add("# Server action " + open.id() + ": " + open.kind());
        Boot boot = settings.boots().get(open.kind());
        if (open.kind() == Kind.LOCAL_BOOT || boot == null || !boot.configured()) {
            lines.add("echo Server action " + open.id() + ": booting from the local disk");
            lines.add(LOCAL_BOOT);
            return join(lines);
        }
        lines.add("echo Server action " + open.id() + ": " + IpxeText.text(describe(open)));
        lines.addAll(bootLines(settings, boot, open, "goto failed"));
        lines.add(":failed");
        lines.add("echo Server action " + open.id() + ": the boot failed, booting from the local disk");
        lines.add(LOCAL_BOOT);
        return join(lines);
    }

    /**
     * A menu of what this machine may boot: the local disk always, and its pending action as
     * the default. {@code requested} is the canonical address the machine asked with.
     */
    public static String menu(Settings settings, String requested, Machine open) {
        List<String> lines = header();
        String title = open != null && present(open.hostname()) ? open.hostname() : requested;
        lines.add("menu Boot menu for " + IpxeText.text(title));
        Boot boot = open == null ? null : settings.boots().get(open.kind());
        boolean offered = open != null
                && open.state() == State.PENDING
                && open.kind() != Kind.LOCAL_BOOT
                && boot != null
                && boot.configured();
        if (open != null) {
            lines.add("item --gap Server action " + open.id() + ": "
                    + IpxeText.text(describe(open) + ", " + open.state() + " " + open.percent() + "%"));
            if (present(open.stateText())) {
                lines.add("item --gap Last report: " + IpxeText.text(open.stateText()));
            }
        }
        lines.add("item local Boot from the local disk");
        String label = offered ? open.kind().name().toLowerCase(java.util.Locale.ROOT) : "local";
        if (offered) {
            lines.add("item " + label + " " + IpxeText.text(describe(open)));
        }
        int timeout = Math.max(1, settings.menuTimeoutSeconds()) * 1000;
        lines.add("choose --default " + label + " --timeout " + timeout + " selected || goto local");
        lines.add("goto ${selected}");
        if (offered) {
            lines.add(":" + label);
            lines.addAll(bootLines(settings, boot, open, "goto local"));
        }
        lines.add(":local");
        lines.add(LOCAL_BOOT);
        return join(lines);
    }

    private static List<String> bootLines(Settings settings, Boot boot, Machine action, String onFailure) {
        List<String> lines = new ArrayList<>();
        String status = IpxeText.word(settings.statusUrl());
        if (boot.chains()) {
            // The chained script finds the action's id, template and where to report in these settings.
            lines.add("set server_action " + action.id());
            lines.add("set status_url " + status);
            if (present(action.template())) {
                lines.add("set template " + IpxeText.word(action.template()));
            }
            lines.add("chain --autofree " + IpxeText.word(fill(boot.scriptUrl(), action)) + " || " + onFailure);
            return lines;
        }
        boolean initrd = present(boot.initrdUrl());
        StringBuilder kernel = new StringBuilder("kernel ").append(IpxeText.word(fill(boot.kernelUrl(), action)));
        if (initrd) {
            kernel.append(" initrd=initrd");
        }
        if (present(boot.cmdline())) {
            for (String argument : boot.cmdline().trim().split("\\s+")) {
                kernel.append(' ').append(IpxeText.word(fill(argument, action)));
            }
        }
        kernel.append(" server_action=")
                .append(action.id())
                .append(" status_url=")
                .append(status);
        if (present(action.template())) {
            kernel.append(" template=").append(IpxeText.word(action.template()));
        }
        lines.add(kernel.append(" || ").append(onFailure).toString());
        if (initrd) {
            lines.add("initrd --name initrd " + IpxeText.word(fill(boot.initrdUrl(), action)) + " || " + onFailure);
        }
        lines.add("boot || " + onFailure);
        return lines;
    }

    /** The placeholders a configured URL or command line may use; the values are escaped with the rest. */
    static String fill(String configured, Machine action) {
        return configured
                .replace("{id}", Long.toString(action.id()))
                .replace("{template}", nullToEmpty(action.template()))
                .replace("{hostname}", nullToEmpty(action.hostname()))
                .replace("{mac}", nullToEmpty(action.mac()))
                .replace("{address}", nullToEmpty(action.address()));
    }

    private static String describe(Machine action) {
        String what = switch (action.kind()) {
            case LOCAL_BOOT -> "Boot from the local disk";
            case RESCUE -> "Rescue system";
            case INSTALL -> "Install " + nullToEmpty(action.template());
        };
        return present(action.hostname()) ? what + " on " + action.hostname() : what;
    }

    private static List<String> header() {
        List<String> lines = new ArrayList<>();
        lines.add("#!ipxe");
        return lines;
    }

    private static String join(List<String> lines) {
        return String.join("\n", lines) + "\n";
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
