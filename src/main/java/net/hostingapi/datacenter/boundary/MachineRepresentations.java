package net.hostingapi.datacenter.boundary;

import jakarta.json.JsonObject;
import net.hostingapi.datacenter.entity.Machine;
import net.hostingapi.platform.json.control.JsonFields;

/** How a machine of the inventory looks on the wire. */
final class MachineRepresentations {

    private MachineRepresentations() {}

    static JsonObject machine(Machine machine) {
        return JsonFields.object()
                .put("id", machine.id())
                .put("customer", machine.account().name())
                .put("mac_address", machine.macAddress())
                .putStrings("addresses", machine.addresses())
                .put("hostname", machine.hostname())
                .put("created_at", machine.createdAt())
                .put("updated_at", machine.updatedAt())
                .build();
    }
}
