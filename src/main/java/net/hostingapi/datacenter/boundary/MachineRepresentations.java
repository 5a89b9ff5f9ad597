package net.hostingapi.datacenter.boundary;

import jakarta.json.JsonObject;
import java.util.List;
import net.hostingapi.datacenter.entity.Machine;
import net.hostingapi.platform.openapi.boundary.WireShape;
import net.hostingapi.platform.openapi.boundary.WireShapes;

/** How a machine of the inventory looks on the wire, declared once to write it and describe it. */
public final class MachineRepresentations implements WireShapes {

    private static final WireShape<Machine> MACHINE = WireShape.<Machine>named(
                    "Machine", "A machine of the inventory and the account (its owner's username) it belongs to.")
            .int64("id", Machine::id)
            .string("customer", m -> m.account().name())
            .string("mac_address", Machine::macAddress)
            .strings("addresses", Machine::addresses)
            .string("hostname", Machine::hostname)
            .nullable()
            .timestamp("created_at", Machine::createdAt)
            .timestamp("updated_at", Machine::updatedAt);

    /** For {@link java.util.ServiceLoader} only (META-INF/services): the payload is static. */
    public MachineRepresentations() {}

    @Override
    public List<WireShape<?>> shapes() {
        return List.of(MACHINE);
    }

    static JsonObject machine(Machine machine) {
        return MACHINE.write(machine);
    }
}
