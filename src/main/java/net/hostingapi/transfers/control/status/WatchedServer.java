package net.hostingapi.transfers.control.status;

/**
 * A nameserver whose serial of a zone is asked: {@code host} an IP address (or, for the primary,
 * the host NAMESERVER_DNS_ADDRESS names) and the port it answers DNS on.
 */
public record WatchedServer(ServerRole role, String host, int port) {

    /** {@code address#port}, BIND's spelling, which an IPv6 address needs no brackets for. */
    public String label() {
        return host + "#" + port;
    }
}
