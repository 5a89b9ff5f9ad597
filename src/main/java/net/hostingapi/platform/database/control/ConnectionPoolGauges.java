package net.hostingapi.platform.database.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.ToIntFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * Usage of the container's JDBC pool ({@value #POOL}, created by {@code server-config}) as gauges
 * read when {@code /metrics} is scraped: connections in use, idle, the pool's maximum, and requests
 * waiting for a connection. An operator alerts on waiting requests, or on in-use reaching the maximum.
 *
 * <p>Payara's own {@code connection_pool_*} series are no use for that: they are counters, refreshed
 * only when its health check runs, and read 0 otherwise. Its pool manager holds the live numbers
 * but has no public API, so it is reached by name; on a server without it (another vendor, another
 * Payara internals) each gauge reads -1 and the start logs why, rather than the scrape failing.
 */
@ApplicationScoped
public class ConnectionPoolGauges {

    static final String POOL = "HostingPool";

    private static final Logger LOG = Logger.getLogger(ConnectionPoolGauges.class.getName());

    @Inject
    MetricRegistry metrics;

    void register(@Observes @Initialized(ApplicationScoped.class) Object started) {
        PayaraPool pool = PayaraPool.find(POOL);
        Tag tag = new Tag("pool", POOL);
        gauge("connection_pool_in_use", "Connections handed out to requests now", tag, pool, PayaraPool::inUse);
        gauge("connection_pool_idle", "Open connections waiting in the pool", tag, pool, PayaraPool::idle);
        gauge("connection_pool_max_size", "The pool's maximum (DB_POOL_SIZE)", tag, pool, PayaraPool::maxSize);
        gauge(
                "connection_pool_waiting",
                "Requests waiting for a connection (they fail after DB_ACQUIRE_TIMEOUT_MILLIS)",
                tag,
                pool,
                PayaraPool::waiting);
    }

    private void gauge(String name, String description, Tag tag, PayaraPool pool, ToIntFunction<PayaraPool> value) {
        metrics.gauge(
                Metadata.builder().withName(name).withDescription(description).build(),
                pool,
                p -> p == null ? -1 : value.applyAsInt(p),
                tag);
    }

    /** Payara's pool manager and the pool's status, reached through method handles resolved once. */
    static final class PayaraPool {

        private final Object manager;
        private final Object poolInfo;
        private final MethodHandle getPool;
        private final MethodHandle getPoolStatus;
        private final MethodHandle numConnUsed;
        private final MethodHandle numConnFree;
        private final MethodHandle getMaxPoolSize;
        private final MethodHandle getPoolWaitQueue;
        private final MethodHandle getQueueLength;

        private PayaraPool(String name) throws ReflectiveOperationException {
            ClassLoader loader = ConnectionPoolGauges.class.getClassLoader();
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            Class<?> globals = Class.forName("org.glassfish.internal.api.Globals", true, loader);
            Class<?> managerType = Class.forName("com.sun.enterprise.resource.pool.PoolManager", true, loader);
            Class<?> poolType = Class.forName("com.sun.enterprise.resource.pool.ResourcePool", true, loader);
            Class<?> statusType = Class.forName("com.sun.enterprise.resource.pool.PoolStatus", true, loader);
            Class<?> queueType =
                    Class.forName("com.sun.enterprise.resource.pool.waitqueue.PoolWaitQueue", true, loader);
            Class<?> infoType = Class.forName("org.glassfish.resourcebase.resources.api.PoolInfo", true, loader);
            manager = globals.getMethod("get", Class.class).invoke(null, managerType);
            if (manager == null) {
                throw new ClassNotFoundException("no PoolManager service");
            }
            poolInfo = infoType.getConstructor(String.class).newInstance(name);
            getPool = lookup.findVirtual(managerType, "getPool", MethodType.methodType(poolType, infoType));
            getPoolStatus = lookup.findVirtual(poolType, "getPoolStatus", MethodType.methodType(statusType));
            numConnUsed = lookup.findVirtual(statusType, "getNumConnUsed", MethodType.methodType(int.class));
            numConnFree = lookup.findVirtual(statusType, "getNumConnFree", MethodType.methodType(int.class));
            getMaxPoolSize = lookup.findVirtual(poolType, "getMaxPoolSize", MethodType.methodType(int.class));
            getPoolWaitQueue = lookup.findVirtual(poolType, "getPoolWaitQueue", MethodType.methodType(queueType));
            getQueueLength = lookup.findVirtual(queueType, "getQueueLength", MethodType.methodType(int.class));
        }

        /** The pool of that name, or null (logged) where this is not Payara's pool manager. */
        static PayaraPool find(String name) {
            try {
                return new PayaraPool(name);
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                LOG.log(
                        Level.WARNING,
                        "Connection pool gauges read -1: Payara's pool manager is not reachable ({0})",
                        e);
                return null;
            }
        }

        int inUse() {
            return read(pool -> (int) numConnUsed.invoke(getPoolStatus.invoke(pool)));
        }

        int idle() {
            return read(pool -> (int) numConnFree.invoke(getPoolStatus.invoke(pool)));
        }

        int maxSize() {
            return read(pool -> (int) getMaxPoolSize.invoke(pool));
        }

        int waiting() {
            return read(pool -> {
                Object queue = getPoolWaitQueue.invoke(pool);
                return queue == null ? 0 : (int) getQueueLength.invoke(queue);
            });
        }

        private interface Reading {
            int of(Object pool) throws Throwable;
        }

        /** The pool is created at the first connection the application asks for: 0 until then. */
        private int read(Reading reading) {
            try {
                Object pool = getPool.invoke(manager, poolInfo);
                return pool == null ? 0 : reading.of(pool);
            } catch (Throwable e) {
                LOG.log(Level.FINE, "Connection pool gauge unread", e);
                return -1;
            }
        }
    }
}
