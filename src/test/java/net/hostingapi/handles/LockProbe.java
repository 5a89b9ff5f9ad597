package net.hostingapi.handles;

import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A transaction that locks two rows of {@code lock_probe} one after the other (a test table of
 * LockRacesIT). Two of them in opposite order, meeting at a barrier between their first and
 * second lock, make a real deadlock: MariaDB rolls one back (1213).
 */
@Stateless
public class LockProbe {

    /** The first {@code parties} attempts meet here after their first lock. */
    static volatile CyclicBarrier meeting;

    static final AtomicInteger ATTEMPTS = new AtomicInteger();

    @PersistenceContext
    EntityManager em;

    public void lockInOrder(int first, int second) throws Exception {
        int attempt = ATTEMPTS.incrementAndGet();
        lock(first);
        CyclicBarrier barrier = meeting;
        if (barrier != null && attempt <= barrier.getParties()) {
            barrier.await(30, TimeUnit.SECONDS);
        }
        lock(second);
    }

    private void lock(int id) {
        em.createNativeQuery("SELECT id FROM lock_probe WHERE id = ? FOR UPDATE")
                .setParameter(1, id)
                .getResultList();
    }
}
