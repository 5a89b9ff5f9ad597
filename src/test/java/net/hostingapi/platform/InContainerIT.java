package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ejb.EJBAccessException;
import jakarta.enterprise.inject.spi.CDI;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import net.hostingapi.accounts.control.TokenIssuer;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.platform.parameters.control.Param;
import net.hostingapi.platform.parameters.control.ParameterBinder;
import net.hostingapi.platform.parameters.control.Parameters;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * Runs inside Payara Micro: the binder's leniency rules on every body format (numbers as
 * strings, booleans as 1/0, "" and null), container security on an EJB with no caller, and the
 * schema Flyway made.
 */
@ServiceTest
class InContainerIT {

    /** The shape of a record element as the zone operations take it. */
    public record Item(
            @NotNull String name,
            FieldUpdate<@Min(60) @Max(604800) Integer> ttl,
            @Param("min_ttl") @Min(60) Integer minTtl) {}

    public record Sample(
            Integer refresh,
            Boolean forceDelete,
            String hostmaster,
            @Param("project_uuid") FieldUpdate<String> projectUuid,
            List<@Valid Item> records) {}

    @Deployment
    static WebArchive deployment() {
        return Deployments.service().addClasses(InContainerIT.class, Item.class, Sample.class);
    }

    // Looked up when a test runs (the class is also instantiated outside the container by Arquillian).
    private static ParameterBinder binder() {
        return CDI.current().select(ParameterBinder.class).get();
    }

    private static TokenIssuer tokens() {
        return CDI.current().select(TokenIssuer.class).get();
    }

    private static DataSource dataSource() throws NamingException {
        return (DataSource) new InitialContext().lookup("jdbc/hosting");
    }

    @Test
    void numbersAsStringsAndBooleansAsDigitsInJson() {
        Sample sample =
                bindJson("{\"refresh\":\"7200\",\"forceDelete\":1,\"records\":[{\"name\":\"www\",\"ttl\":\"300\"}]}");
        assertEquals(7200, sample.refresh());
        assertEquals(Boolean.TRUE, sample.forceDelete());
        assertEquals(FieldUpdate.to(300), sample.records().get(0).ttl());
    }

    @Test
    void everyBooleanSpelling() {
        for (String yes : List.of("true", "\"true\"", "1", "\"1\"")) {
            assertEquals(Boolean.TRUE, bindJson("{\"forceDelete\":" + yes + "}").forceDelete(), yes);
        }
        for (String no : List.of("false", "\"false\"", "0", "\"0\"")) {
            assertEquals(Boolean.FALSE, bindJson("{\"forceDelete\":" + no + "}").forceDelete(), no);
        }
    }

    @Test
    void bracketFormsBecomeListsOfObjects() {
        Sample sample = bind(
                null,
                "application/x-www-form-urlencoded",
                "refresh=3600&records[0][name]=www&records[0][ttl]=120&records[1][name]=mail&forceDelete=0");
        assertEquals(3600, sample.refresh());
        assertEquals(Boolean.FALSE, sample.forceDelete());
        assertEquals(2, sample.records().size());
        assertEquals("mail", sample.records().get(1).name());
        assertEquals(FieldUpdate.to(120), sample.records().get(0).ttl());
        assertEquals(FieldUpdate.absent(), sample.records().get(1).ttl(), "absent, not cleared");
    }

    @Test
    void queryStringAlsoTakesBrackets() {
        Sample sample = bind("records%5B%5D%5Bname%5D=a&refresh=600", null, "");
        assertEquals("a", sample.records().get(0).name());
        assertEquals(600, sample.refresh());
    }

    @Test
    void emptyStringIsAbsentAndNullIsAValueWhereItMayBe() {
        Sample sample = bindJson(
                "{\"hostmaster\":\"\",\"refresh\":\"\",\"project_uuid\":null,\"records\":[{\"name\":\"x\",\"ttl\":null}]}");
        assertNull(sample.hostmaster());
        assertNull(sample.refresh());
        assertEquals(FieldUpdate.cleared(), sample.projectUuid(), "null clears");
        assertEquals(FieldUpdate.cleared(), sample.records().get(0).ttl(), "null ttl inherits the zone's");
        assertEquals(
                FieldUpdate.absent(),
                bindJson("{\"project_uuid\":\"\"}").projectUuid(),
                "\"\" is absent, not a clearing null");
        assertEquals(FieldUpdate.absent(), bindJson("{}").projectUuid(), "left out: absent, never null");
        assertEquals(
                FieldUpdate.to("p-1"), bindJson("{\"project_uuid\":\"p-1\"}").projectUuid());
    }

    @Test
    void everyViolationIsReportedWithItsPath() {
        ApiException failure = assertThrows(
                ApiException.class,
                () -> bindJson(
                        "{\"refresh\":\"7k\",\"forceDelete\":\"maybe\",\"records\":[{\"name\":\"ok\",\"ttl\":5},{\"ttl\":\"60\",\"min_ttl\":1}]}"));
        assertEquals(422, failure.status());
        // Paths name fields as the wire does: min_ttl, not the Java component minTtl.
        assertEquals(
                Set.of("refresh", "forceDelete", "records[0].ttl", "records[1].name", "records[1].min_ttl"),
                Set.copyOf(failure.errors().stream().map(Message::field).toList()));
    }

    @Test
    void ejbRefusesACallerWithoutTheRole() {
        Exception refused = assertThrows(Exception.class, () -> tokens().list());
        boolean accessDenied = false;
        for (Throwable t = refused; t != null; t = t.getCause()) {
            accessDenied |= t instanceof EJBAccessException;
        }
        assertTrue(accessDenied, "expected EJBAccessException, got " + refused);
    }

    @Test
    void flywayCreatedTheSchemaInUtf8mb4() throws SQLException, NamingException {
        try (Connection connection = dataSource().getConnection();
                ResultSet history = connection
                        .createStatement()
                        .executeQuery("SELECT COUNT(*) FROM flyway_schema_history WHERE success = 1");
                ResultSet charset = connection
                        .createStatement()
                        .executeQuery(
                                "SELECT table_collation FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'users'")) {
            history.next();
            assertTrue(history.getInt(1) >= 1);
            charset.next();
            assertTrue(charset.getString(1).startsWith("utf8mb4"), charset.getString(1));
        }
    }

    private Sample bindJson(String json) {
        return bind(null, "application/json", json);
    }

    private Sample bind(String query, String contentType, String body) {
        return binder().bind(Parameters.parse(query, contentType, body.getBytes(StandardCharsets.UTF_8)), Sample.class);
    }
}
