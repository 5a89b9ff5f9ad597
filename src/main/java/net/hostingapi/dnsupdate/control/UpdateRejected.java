package net.hostingapi.dnsupdate.control;

import jakarta.ejb.ApplicationException;
import org.xbill.DNS.Rcode;

/**
 * An UPDATE refused with the RCODE the RFC gives for it (a failed prerequisite, a name outside
 * the zone, a malformed record): nothing of it is applied. An application exception, so it leaves
 * the zone's transaction unwrapped and rolls it back.
 */
@ApplicationException(rollback = true)
public class UpdateRejected extends RuntimeException {

    private final int rcode;

    public UpdateRejected(int rcode, String reason) {
        super(Rcode.string(rcode) + ": " + reason, null, false, false);
        this.rcode = rcode;
    }

    public int rcode() {
        return rcode;
    }
}
