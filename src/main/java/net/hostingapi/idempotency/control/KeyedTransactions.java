package net.hostingapi.idempotency.control;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.InvocationContext;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Inserts a keyed request's idempotency key in the first transaction the request runs, the one
 * its change is made in (resources call one transactional service method), so that the key is
 * stored exactly when the change is: a crash between the two cannot leave one without the other.
 * Bound to every enterprise bean (ejb-jar.xml) without naming any; a bean called with no keyed
 * request, or without a transaction, passes straight through.
 */
public class KeyedTransactions {

    @Inject
    Instance<KeyedRequest> requests;

    @Resource
    TransactionSynchronizationRegistry transactions;

    @PersistenceContext
    EntityManager em;

    @Inject
    IdempotencySettings settings;

    @AroundInvoke
    Object keyed(InvocationContext call) throws Exception {
        KeyedRequest.Progress progress = awaiting();
        if (progress == null) {
            return call.proceed();
        }
        Object transaction = transactions.getTransactionKey();
        if (transaction == null || transactions.getTransactionStatus() != Status.STATUS_ACTIVE) {
            return call.proceed();
        }
        progress.transaction = transaction;
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {}

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    progress.spent = true;
                } else if (progress.transaction == transaction) {
                    progress.transaction = null; // rolled back: a repetition inserts the key again
                }
            }
        });
        try {
            IdempotencyKeys.insert(em, progress.key, settings.keptFor());
        } catch (RuntimeException e) {
            progress.transaction = KeyedRequest.Progress.REFUSED; // answered from what holds the key
            throw e;
        }
        return call.proceed();
    }

    private KeyedRequest.Progress awaiting() {
        try {
            return requests.get().awaitingTransaction();
        } catch (ContextNotActiveException e) {
            return null; // a thread of the service's own (the DNS listener's), never keyed
        }
    }
}
