package net.hostingapi.transfers.control;

/**
 * A secondary as the primary is configured for it: sent a NOTIFY at {@code address} and
 * {@code port}, and allowed to transfer the zone from that address, or, when {@code key} is not
 * null, with that key (the key is then what grants the transfer, as PowerDNS's TSIG-ALLOW-AXFR
 * does).
 */
public record TransferTarget(String address, int port, TransferKey key) {

    public boolean signed() {
        return key != null;
    }
}
