package net.hostingapi.zones.control.editing;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.interceptor.Interceptor;

/**
 * Settles each addition's {@code committed} as soon as its transaction has ended, before any other
 * observer of it runs: what was registered of it before the commit (its record count, its link in
 * {@link AdditionChains}) is waited for by the zone's next writer, which holds the zone's lock by then.
 */
@ApplicationScoped
public class AdditionsSettled {

    void committed(
            @Observes(during = TransactionPhase.AFTER_SUCCESS) @Priority(Interceptor.Priority.PLATFORM_BEFORE)
                    ZoneEditOutcome added) {
        added.committed().complete(true);
    }

    void rolledBack(
            @Observes(during = TransactionPhase.AFTER_FAILURE) @Priority(Interceptor.Priority.PLATFORM_BEFORE)
                    ZoneEditOutcome added) {
        added.committed().complete(false);
    }
}
