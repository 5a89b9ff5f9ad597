package net.hostingapi.platform.envelope.boundary;

import jakarta.ejb.EJBAccessException;
import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.PessimisticLockException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.logging.Level;
import java.util.logging.Logger;
import net.hostingapi.platform.database.control.DeadlockRetry;
import net.hostingapi.platform.database.control.PooledConnections;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Violations;
import net.hostingapi.platform.requests.boundary.RequestIds;

/**
 * The one place every failure becomes a status and messages. Causes are searched through the
 * chain, since EJB and JPA wrap them. Whatever is not recognised is a 500 whose answer says
 * nothing of the internals; the log keeps the stack trace under the request id.
 */
@Provider
public class ErrorMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(ErrorMapper.class.getName());

    @Context
    HttpServletRequest request;

    @Override
    public Response toResponse(Throwable thrown) {
        return respond(thrown, request);
    }

    /** The envelope for {@code thrown}, also for mappers of narrower types ({@link TransactionalFailures}). */
    static Response respond(Throwable thrown, HttpServletRequest request) {
        ApiException failure;
        try {
            failure = classify(thrown, request);
        } catch (RuntimeException classifying) {
            // Seen once in CrashIT, a commit failing while the database was killed: a mapper that
            // throws makes Jersey answer a bare 500. The failure is told as what it most likely is.
            LOG.log(Level.SEVERE, "Classifying a failure failed: " + classifying + "; the failure", thrown);
            failure = unclassified(thrown);
        }
        Response.ResponseBuilder response = Response.status(failure.status()).entity(Reply.error(failure));
        if (thrown instanceof NotAllowedException notAllowed) {
            String allow = notAllowed.getResponse().getHeaderString("Allow");
            if (allow != null) {
                response.header("Allow", allow);
            }
        }
        return response.build();
    }

    /** A failure that could not be classified: 503 when a database failure is in its chain, else 500. */
    private static ApiException unclassified(Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof java.sql.SQLException
                    || cause instanceof javax.transaction.xa.XAException
                    || cause instanceof jakarta.resource.ResourceException) {
                return ApiException.unavailable("The database is unavailable", 5);
            }
        }
        return new ApiException(500, CommonMessages.INTERNAL_ERROR);
    }

    /** Also for failures that reach {@link ErrorPageServlet} instead of JAX-RS. */
    static ApiException classify(Throwable thrown, HttpServletRequest request) {
        if (thrown instanceof WebApplicationException web && web.getResponse().getStatus() < 500) {
            // JAX-RS's own refusals: no such path (or a path parameter of the wrong shape), wrong method, ...
            return forStatus(web.getResponse().getStatus(), request);
        }
        for (Throwable cause = thrown; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof ApiException api) {
                return api;
            }
            if (cause instanceof EJBAccessException) {
                return new ApiException(403, CommonMessages.RIGHT_MISSING);
            }
            if ((cause instanceof PessimisticLockException || cause instanceof jakarta.persistence.LockTimeoutException)
                    && causedByUnavailableDatabase(cause)) {
                // EclipseLink calls any failure of a locking query a lock failure, a lost connection too
                LOG.warning("Database unavailable, request=" + RequestIds.of(request) + ": " + cause);
                return ApiException.unavailable("The database is unavailable", 5);
            }
            if (cause instanceof OptimisticLockException
                    || cause instanceof PessimisticLockException
                    || cause instanceof jakarta.persistence.LockTimeoutException
                    || (cause instanceof java.sql.SQLException sql && DeadlockRetry.isLockRace(sql))) {
                return ApiException.conflict(CommonMessages.CONCURRENT_CHANGE, CommonMessages.CONCURRENT_CHANGE.text());
            }
            if (cause instanceof SQLIntegrityConstraintViolationException) {
                return ApiException.conflict(CommonMessages.CONFLICT, "The change conflicts with stored data");
            }
            if (isDatabaseUnavailable(cause)) {
                // one line, no stack trace: while the database is down every request would log one
                LOG.warning("Database unavailable, request=" + RequestIds.of(request) + ": " + cause);
                return ApiException.unavailable("The database is unavailable", 5);
            }
            if (cause instanceof ConstraintViolationException violations) {
                Violations found = new Violations();
                violations
                        .getConstraintViolations()
                        .forEach(v -> found.at(v.getPropertyPath().toString())
                                .add(CommonMessages.FIELD_INVALID, v.getMessage()));
                return ApiException.invalid(found);
            }
        }
        LOG.log(Level.SEVERE, "Unexpected failure, request=" + RequestIds.of(request), thrown);
        return new ApiException(
                500,
                CommonMessages.INTERNAL_ERROR,
                "Internal error; quote request id " + RequestIds.of(request) + " when reporting it");
    }

    /**
     * A refusal known only by its status: JAX-RS's own, or the container's (answered through
     * {@link ErrorPageServlet}). 5xx are logged by whoever saw the cause.
     */
    static ApiException forStatus(int status, HttpServletRequest request) {
        return switch (status) {
            case 401 -> new ApiException(401, CommonMessages.AUTHENTICATION_REQUIRED);
            case 403 -> new ApiException(403, CommonMessages.RIGHT_MISSING);
            case 404 -> new ApiException(404, CommonMessages.PATH_NOT_FOUND);
            case 405 -> new ApiException(405, CommonMessages.METHOD_NOT_ALLOWED);
            case 406 -> new ApiException(406, CommonMessages.NOT_ACCEPTABLE);
            case 413 -> new ApiException(413, CommonMessages.BODY_TOO_LARGE);
            case 414 -> new ApiException(414, CommonMessages.MALFORMED_URI, "The request URI is too long");
            case 415 -> new ApiException(415, CommonMessages.UNSUPPORTED_MEDIA_TYPE);
            case 503 -> ApiException.unavailable(CommonMessages.DEPENDENCY_UNAVAILABLE.text(), 5);
            default ->
                status >= 500
                        ? new ApiException(
                                500,
                                CommonMessages.INTERNAL_ERROR,
                                "Internal error; quote request id " + RequestIds.of(request) + " when reporting it")
                        : new ApiException(status, CommonMessages.MALFORMED_REQUEST);
        };
    }

    /**
     * The database cannot be reached or did not answer in time: the driver's connection failures
     * (SQLState class 08, also after a socket timeout), its timeouts, the pool's refusals (no
     * connection within the acquire timeout, none could be made: a {@code ResourceException}
     * under Payara's SQLException), a failed commit, and the socket errors beneath them. EclipseLink's
     * DatabaseException and EJB/transaction wrappers carry these as causes.
     */
    private static boolean isDatabaseUnavailable(Throwable cause) {
        return cause instanceof SQLTransientConnectionException
                || cause instanceof SQLTimeoutException
                || cause instanceof java.sql.SQLException sql && PooledConnections.connectionLost(sql)
                || cause instanceof jakarta.resource.ResourceException
                // a commit or rollback the database did not answer: the transaction manager's
                // SystemException carries it as an XAException, the driver's error only in its message
                || cause instanceof javax.transaction.xa.XAException
                || cause instanceof java.net.SocketTimeoutException
                || cause instanceof java.net.ConnectException
                || thrownByDatabaseClient(cause);
    }

    /**
     * An unchecked exception out of the MariaDB driver or Payara's pooled connection handle itself,
     * not a failure of the request. A connection cut in the middle of an answer can leave the
     * driver reading a truncated packet (an ArrayIndexOutOfBoundsException in
     * {@code Result.readNext}, seen when CrashIT killed the database between a commit and the
     * answer's read of the zone). Right after the database dropped every connection, the pool
     * once handed out a handle already emptied of its connection ({@code ConnectionHolder.con}
     * null: a NullPointerException in {@code prepareStatement}, seen once in DroppedConnectionsIT;
     * why the pool did so is not known).
     */
    private static boolean thrownByDatabaseClient(Throwable cause) {
        StackTraceElement[] frames = cause.getStackTrace();
        return cause instanceof RuntimeException
                && frames.length > 0
                && (frames[0].getClassName().startsWith("org.mariadb.jdbc.")
                        || frames[0].getClassName().startsWith("com.sun.gjc."));
    }

    private static boolean causedByUnavailableDatabase(Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (isDatabaseUnavailable(cause)) {
                return true;
            }
        }
        return false;
    }
}
