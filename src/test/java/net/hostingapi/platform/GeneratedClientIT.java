package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.util.List;
import java.util.UUID;
import net.hostingapi.client.ApiClient;
import net.hostingapi.client.api.CustomersApi;
import net.hostingapi.client.api.DnsZonesApi;
import net.hostingapi.client.model.CustomerCreatedEnvelope;
import net.hostingapi.client.model.NewUser;
import net.hostingapi.client.model.NewZone;
import net.hostingapi.client.model.Record;
import net.hostingapi.client.model.RecordInput;
import net.hostingapi.client.model.RecordsToAdd;
import net.hostingapi.client.model.Zone;
import net.hostingapi.client.model.ZoneEnvelope;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/**
 * A client generated in this build by openapi-generator (Java, native library) from the document
 * the service serves (the snapshot OperationsIT keeps equal to it) talks to the deployed WAR: the
 * operator creates a customer, whose token creates a zone, adds a record and shows the zone.
 */
@ServiceTest
@RunAsClient
class GeneratedClientIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    private ApiClient clientWith(String token) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(base.toString().replaceAll("/+$", ""));
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
        return client;
    }

    @Test
    void generatedClientCreatesAZoneAddsARecordAndShowsIt() throws Exception {
        String username = "g" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        CustomerCreatedEnvelope customer = new CustomersApi(clientWith(Api.OPERATOR_TOKEN))
                .createCustomer(new NewUser().username(username).email(username + "@example.com"), null);
        assertEquals(CustomerCreatedEnvelope.StatusEnum.SUCCESS, customer.getStatus());
        String token = customer.getData().getToken().getToken();
        assertNotNull(token);

        DnsZonesApi zones = new DnsZonesApi(clientWith(token));
        String name = username + ".example";
        ZoneEnvelope created = zones.createZone(
                new NewZone()
                        .name(name)
                        .ttl(3600)
                        .records(List.of(new RecordInput()
                                .name("www")
                                .type(RecordInput.TypeEnum.A)
                                .data("192.0.2.10"))),
                null); // Idempotency-Key: none
        assertEquals(name, created.getData().getZone().getName());
        assertEquals(3600, created.getData().getZone().getTtl());

        ZoneEnvelope added = zones.addRecords(
                new RecordsToAdd()
                        .zone(name)
                        .records(List.of(new RecordInput()
                                .name("mail")
                                .type(RecordInput.TypeEnum.A)
                                .data("192.0.2.25")
                                .ttl(600))),
                null, // If-Match: none, unconditional
                null); // Idempotency-Key: none
        assertEquals(2, added.getData().getZone().getRecords().size());

        Zone shown = zones.showZone(name, null, null).getData().getZone();
        assertEquals(name, shown.getName());
        Record mail = shown.getRecords().stream()
                .filter(r -> r.getName().equals("mail"))
                .findFirst()
                .orElseThrow();
        assertEquals("A", mail.getType());
        assertEquals("192.0.2.25", mail.getData());
        assertEquals("600", mail.getTtl());
        assertTrue(
                shown.getRecords().stream()
                        .anyMatch(r -> r.getName().equals("www") && r.getData().equals("192.0.2.10")),
                String.valueOf(shown.getRecords()));
    }
}
