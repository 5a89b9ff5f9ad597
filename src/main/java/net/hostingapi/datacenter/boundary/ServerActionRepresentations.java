package net.hostingapi.datacenter.boundary;

import jakarta.json.JsonObject;
import net.hostingapi.datacenter.entity.ServerAction;
import net.hostingapi.datacenter.entity.ServerActionReport;
import net.hostingapi.platform.json.control.JsonFields;

/** How server actions look on the wire: in full to their account, reduced to the progress for the machine. */
final class ServerActionRepresentations {

    private ServerActionRepresentations() {}

    static JsonObject action(ServerAction action) {
        return fields(action).build();
    }

    /** With the history of reports, oldest first (show and cancel). */
    static JsonObject actionWithHistory(ServerAction action) {
        return fields(action)
                .put("reports", JsonFields.array(action.reports(), ServerActionRepresentations::report))
                .build();
    }

    /** What the machine's own status report is answered with: nothing of the account or the schedule. */
    static JsonObject progress(ServerAction action) {
        return JsonFields.object()
                .put("id", action.id())
                .put("action", action.kind().name())
                .put("state", action.state().name())
                .put("state_percent", action.statePercent())
                .put("state_text", action.stateText())
                .put("updated_at", action.updatedAt())
                .build();
    }

    private static JsonFields fields(ServerAction action) {
        return JsonFields.object()
                .put("id", action.id())
                .put("machine", action.machineId())
                .put("mac_address", action.macAddress())
                .put("address", action.address())
                .put("action", action.kind().name())
                .put("template", action.template())
                .put("hostname", action.hostname())
                .put("state", action.state().name())
                .put("state_percent", action.statePercent())
                .put("state_text", action.stateText())
                .put("created_at", action.createdAt())
                .put("updated_at", action.updatedAt())
                .put("finished_at", action.finishedAt());
    }

    private static JsonObject report(ServerActionReport report) {
        return JsonFields.object()
                .put("state", report.state().name())
                .put("state_percent", report.statePercent())
                .put("state_text", report.stateText())
                .put("reported_by", report.reportedBy().name())
                .put("reported_at", report.reportedAt())
                .build();
    }
}
