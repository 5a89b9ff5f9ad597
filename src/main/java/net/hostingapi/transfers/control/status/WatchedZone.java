package net.hostingapi.transfers.control.status;

import java.util.List;

/** A zone as its status is asked: its name as served, its stored serial, its nameservers (the primary first). */
public record WatchedZone(String name, long serial, List<WatchedServer> servers) {}
