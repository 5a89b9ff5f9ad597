package net.hostingapi.platform.envelope.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.ejb.EJBException;
import jakarta.persistence.PersistenceException;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.Map;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import org.junit.jupiter.api.Test;

class ErrorMapperTest {

    @Test
    void theDriverFailingOnACutConnectionIsTheDatabaseUnavailable() {
        ArrayIndexOutOfBoundsException truncated =
                new ArrayIndexOutOfBoundsException("Index 0 out of bounds for length 0");
        truncated.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("org.mariadb.jdbc.client.result.Result", "readNext", "Result.java", 203),
            new StackTraceElement("org.mariadb.jdbc.client.result.CompleteResult", "<init>", "CompleteResult.java", 100)
        });

        ApiException answer = ErrorMapper.classify(new PersistenceException(truncated), request());

        assertEquals(503, answer.status());
        assertEquals(
                CommonMessages.DEPENDENCY_UNAVAILABLE, answer.errors().get(0).code());
    }

    @Test
    void theSameExceptionOutOfOurOwnCodeIsAnInternalError() {
        ArrayIndexOutOfBoundsException ours = new ArrayIndexOutOfBoundsException("Index 0 out of bounds for length 0");
        ours.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("net.hostingapi.zones.entity.Zone", "records", "Zone.java", 304)
        });

        ApiException answer = ErrorMapper.classify(ours, request());

        assertEquals(500, answer.status());
        assertEquals(CommonMessages.INTERNAL_ERROR, answer.errors().get(0).code());
    }

    @Test
    void aPooledHandleEmptiedOfItsConnectionIsTheDatabaseUnavailable() {
        NullPointerException emptied = new NullPointerException(
                "Cannot invoke \"java.sql.Connection.prepareStatement(String)\" because \"this.con\" is null");
        emptied.setStackTrace(new StackTraceElement[] {
            new StackTraceElement(
                    "com.sun.gjc.spi.base.ConnectionHolder", "prepareStatement", "ConnectionHolder.java", 536)
        });

        ApiException answer = ErrorMapper.classify(new EJBException(emptied), request());

        assertEquals(503, answer.status());
        assertEquals(
                CommonMessages.DEPENDENCY_UNAVAILABLE, answer.errors().get(0).code());
    }

    @Test
    void aNullPointerOutOfOurOwnCodeIsAnInternalError() {
        NullPointerException ours = new NullPointerException("a bug of ours");
        ours.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("net.hostingapi.zones.control.ZoneCatalog", "state", "ZoneCatalog.java", 274)
        });

        ApiException answer = ErrorMapper.classify(new EJBException(ours), request());

        assertEquals(500, answer.status());
        assertEquals(CommonMessages.INTERNAL_ERROR, answer.errors().get(0).code());
    }

    /** As CrashIT saw it once: a REQUIRES_NEW commit inside a request's transaction, the database killed under it. */
    @Test
    void aCommitTheDatabaseDidNotAnswerIsTheDatabaseUnavailable() {
        javax.transaction.xa.XAException xa = new javax.transaction.xa.XAException(
                "jakarta.resource.spi.LocalTransactionException: (conn=10) Socket error");
        jakarta.transaction.SystemException system = new jakarta.transaction.SystemException();
        system.initCause(xa);
        RuntimeException thrown = new jakarta.transaction.TransactionalException(
                "Managed bean with Transactional annotation and TxType of REQUIRES_NEW encountered exception during commit",
                system);
        ApiException answer = ErrorMapper.classify(thrown, request());
        assertEquals(503, answer.status());
        assertEquals(
                503,
                ErrorMapper.classify(new EJBException(new RuntimeException(thrown)), request())
                        .status());
    }

    private static HttpServletRequest request() {
        Map<String, Object> attributes = new HashMap<>();
        return (HttpServletRequest) Proxy.newProxyInstance(
                ErrorMapperTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "getAttribute":
                            return attributes.get((String) args[0]);
                        case "setAttribute":
                            attributes.put((String) args[0], args[1]);
                            return null;
                        default:
                            return null;
                    }
                });
    }
}
