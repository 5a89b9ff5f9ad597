package net.hostingapi.zones.control;

import java.util.Collection;
import java.util.Set;

/**
 * Fired by the zones area, inside the transaction of a change, with the names whose served state
 * it changed (a zone's own name, its assigned domains, a dissociated domain). Whoever must act on
 * it (publication, the web-forwarding cache) observes it: in the transaction to write along with
 * the change, or after the commit to act on it. A rollback takes both with it.
 */
public record ZonesChanged(Set<String> names) {

    public static ZonesChanged of(Collection<String> names) {
        return new ZonesChanged(Set.copyOf(names));
    }
}
