package net.hostingapi.platform.database.boundary;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.SQLNonTransientConnectionException;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import net.hostingapi.platform.database.control.DatabaseNode;
import net.hostingapi.platform.database.control.PooledConnections;
import net.hostingapi.platform.database.control.SchemaMigration;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@code /health} (readiness): the service is ready only while MariaDB answers and the schema is
 * migrated. A check answers DOWN rather than throwing: a throwing check makes {@code /health} a 500.
 * It names the server the pool's connections reach ({@code node}: with a cluster's nodes in
 * {@code DB_URL}, the one this instance uses now) and, on Galera, that node's state there; a node
 * outside the primary component is DOWN.
 *
 * <p>The database is asked on another thread and waited for at most {@link #ANSWER_WITHIN_MILLIS}:
 * a frozen database would otherwise hold {@code /health} until the driver's socket timeout. While
 * one probe hangs, later checks wait for that one instead of starting more.
 *
 * <p>Not a liveness check: restarting the service cannot bring the database back, and the service
 * recovers by itself when it returns (the pool pings connections before handing them out), while a
 * restart costs half a minute of cold start and, with the database still down, loops.
 */
@Readiness
@ApplicationScoped
public class DatabaseHealth implements HealthCheck {

    /** How long {@code /health} waits for the database before it says DOWN. */
    public static final long ANSWER_WITHIN_MILLIS = 1000;

    @Resource(lookup = "jdbc/hosting")
    DataSource dataSource;

    @Resource
    ManagedExecutorService executor;

    private final Bounded<Server> probe = new Bounded<>();

    /** What the probe learnt: the server's version and which server (node) the pool's connection reached. */
    private record Server(String product, DatabaseNode node) {}

    @Override
    public HealthCheckResponse call() {
        var response = HealthCheckResponse.named("database");
        if (!SchemaMigration.isDone()) {
            return response.down().withData("schema", "migrating").build();
        }
        try {
            Server server = probe.get(
                    executor,
                    () -> {
                        return PooledConnections.use(dataSource, connection -> {
                            if (!connection.isValid(1)) {
                                throw new SQLNonTransientConnectionException("the connection is not valid");
                            }
                            return new Server(
                                    connection.getMetaData().getDatabaseProductVersion(), DatabaseNode.of(connection));
                        });
                    },
                    ANSWER_WITHIN_MILLIS);
            response.withData("product", server.product())
                    .withData("node", server.node().node());
            if (server.node().galera() != null) {
                response.withData("galera", server.node().galera());
            }
            // a Galera node outside the primary component refuses the service's work: not ready
            return response.status(server.node().ready()).build();
        } catch (TimeoutException e) {
            return response.down()
                    .withData("error", "the database did not answer within " + ANSWER_WITHIN_MILLIS + " ms")
                    .build();
        } catch (Exception e) {
            return response.down()
                    .withData("error", "the database cannot be reached")
                    .build();
        }
    }

    /**
     * A task run on an executor and waited for with a time limit; a caller arriving while an earlier
     * run is still under way waits for that run instead of starting another, so a hanging
     * dependency holds one thread, not one per health request.
     */
    public static final class Bounded<T> {

        private final AtomicReference<CompletableFuture<T>> running = new AtomicReference<>();

        public T get(ManagedExecutorService executor, Callable<T> task, long millis) throws Exception {
            CompletableFuture<T> current = running.get();
            if (current == null || current.isDone()) {
                CompletableFuture<T> fresh = new CompletableFuture<>();
                if (running.compareAndSet(current, fresh)) {
                    executor.execute(() -> {
                        try {
                            fresh.complete(task.call());
                        } catch (Throwable t) {
                            fresh.completeExceptionally(t);
                        }
                    });
                }
                current = running.get();
            }
            try {
                return current.get(millis, TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
        }
    }
}
