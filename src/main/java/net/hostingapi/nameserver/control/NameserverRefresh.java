package net.hostingapi.nameserver.control;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.zones.control.RefreshRequested;

/**
 * Answers a client's refresh: each name is loaded onto the nameserver before the answer (each in
 * a transaction of its own, see {@link ZoneSync}); a nameserver that cannot take it is a 503.
 */
@ApplicationScoped
public class NameserverRefresh {

    @EJB
    ZoneSync sync;

    void onRefresh(@Observes RefreshRequested refresh) {
        try {
            for (String name : refresh.names()) {
                if (refresh.forceDelete()) {
                    sync.reload(name);
                } else {
                    sync.sync(name);
                }
            }
        } catch (NameserverPublisher.Unavailable e) {
            throw ApiException.unavailable("The nameserver is unavailable: " + e.getMessage(), 10);
        }
    }
}
