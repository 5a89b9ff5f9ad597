package net.hostingapi.datacenter.boundary;

import jakarta.json.JsonObject;
import java.util.List;
import net.hostingapi.datacenter.entity.ServerAction;
import net.hostingapi.datacenter.entity.ServerActionReport;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.openapi.boundary.WireShape;
import net.hostingapi.platform.openapi.boundary.WireShapes;

/**
 * How server actions look on the wire: in full to their account, reduced to the progress for the
 * machine; each payload declared once as a {@link WireShape} that writes it and describes it.
 */
public final class ServerActionRepresentations implements WireShapes {

    private static final WireShape<ServerActionReport> REPORT = WireShape.<ServerActionReport>named(
                    "ServerActionReport", "One status report of a server action.")
            .string("state", r -> r.state().name())
            .integer("state_percent", ServerActionReport::statePercent)
            .nullable()
            .string("state_text", ServerActionReport::stateText)
            .nullable()
            .string("reported_by", r -> r.reportedBy().name())
            .timestamp("reported_at", ServerActionReport::reportedAt);

    private static final WireShape<ServerAction> ACTION = WireShape.<ServerAction>named(
                    "ServerAction", "A scheduled network-boot action; reports (oldest first) in show and cancel.")
            .int64("id", ServerAction::id)
            .int64("machine", ServerAction::machineId)
            .nullable()
            .string("mac_address", ServerAction::macAddress)
            .string("address", ServerAction::address)
            .string("action", a -> a.kind().name())
            .string("template", ServerAction::template)
            .nullable()
            .string("hostname", ServerAction::hostname)
            .nullable()
            .string("state", a -> a.state().name())
            .integer("state_percent", ServerAction::statePercent)
            .nullable()
            .string("state_text", ServerAction::stateText)
            .nullable()
            .timestamp("created_at", ServerAction::createdAt)
            .timestamp("updated_at", ServerAction::updatedAt)
            .nullable()
            .timestamp("finished_at", ServerAction::finishedAt)
            .nullable()
            // given in show and cancel only
            .given("reports", "[ServerActionReport]")
            .optional();

    private static final WireShape<ServerAction> PROGRESS = WireShape.<ServerAction>named(
                    "ServerActionProgress", "What a machine's status report is answered with.")
            .int64("id", ServerAction::id)
            .string("action", a -> a.kind().name())
            .string("state", a -> a.state().name())
            .integer("state_percent", ServerAction::statePercent)
            .nullable()
            .string("state_text", ServerAction::stateText)
            .nullable()
            .timestamp("updated_at", ServerAction::updatedAt)
            .nullable();

    /** ServerActionsResource answers the script in the envelope itself ({@code Reply.ok(..., "script", ...)}). */
    private static final WireShape<Void> BOOT_SCRIPT = WireShape.<Void>named(
                    "BootScript", "The iPXE script as a JSON string (when JSON is asked for).")
            .elsewhere("script", "string");

    /** For {@link java.util.ServiceLoader} only (META-INF/services): the payloads are static. */
    public ServerActionRepresentations() {}

    @Override
    public List<WireShape<?>> shapes() {
        return List.of(ACTION, REPORT, PROGRESS, BOOT_SCRIPT);
    }

    static JsonObject action(ServerAction action) {
        return ACTION.write(action);
    }

    /** With the history of reports, oldest first (show and cancel). */
    static JsonObject actionWithHistory(ServerAction action) {
        return ACTION.write(action, JsonFields.array(action.reports(), REPORT::write));
    }

    /** What the machine's own status report is answered with: nothing of the account or the schedule. */
    static JsonObject progress(ServerAction action) {
        return PROGRESS.write(action);
    }
}
