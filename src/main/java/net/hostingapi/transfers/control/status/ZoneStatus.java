package net.hostingapi.transfers.control.status;

import java.util.List;

/** A zone's change status: its stored serial and each of its nameservers, in sync when all of them are. */
public record ZoneStatus(String zone, long serial, List<ServerStatus> servers) {

    public boolean inSync() {
        return servers.stream().allMatch(ServerStatus::inSync);
    }
}
