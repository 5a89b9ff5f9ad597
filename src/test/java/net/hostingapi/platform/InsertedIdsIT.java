package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.enterprise.inject.spi.CDI;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * In the container: inserting rows with IDENTITY ids leaves no statement open on the pooled
 * connection. EclipseLink's getGeneratedKeys path never closed its statement, and the driver kept
 * each one with its cached prepare: two per records/add, for as long as the connection lived.
 */
@ServiceTest
class InsertedIdsIT {

    @Deployment
    static WebArchive deployment() {
        return Deployments.service().addClasses(InsertedIdsIT.class, IdentityInsertProbe.class);
    }

    @Test
    void identityInsertsLeaveNoStatementOpen() throws Exception {
        IdentityInsertProbe probe =
                CDI.current().select(IdentityInsertProbe.class).get();
        long held = probe.insertAndCountHeldStatements("inserted-ids-" + System.nanoTime() + ".example", 50);
        // the statements in use right now (EclipseLink's current ones) are a handful, never one per insert
        assertTrue(held < 10, "statements the driver still holds after 50 inserts: " + held);
    }

    /** A read repeated on another connection let a transaction commit without its earlier writes (SessionSettings). */
    @Test
    void noReadIsRepeatedOnAnotherConnection() {
        IdentityInsertProbe probe =
                CDI.current().select(IdentityInsertProbe.class).get();
        assertEquals(0, probe.readRetries());
    }
}
