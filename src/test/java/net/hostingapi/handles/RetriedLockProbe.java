package net.hostingapi.handles;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import net.hostingapi.platform.database.control.RetryOnDeadlock;

/** Calls {@link LockProbe} as a resource calls its business method: outside a transaction, with the retry. */
@ApplicationScoped
@RetryOnDeadlock
public class RetriedLockProbe {

    @Inject
    LockProbe probe;

    public void lockInOrder(int first, int second) throws Exception {
        probe.lockInOrder(first, second);
    }
}
