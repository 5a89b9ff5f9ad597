package net.hostingapi.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URL;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

@ServiceTest
@RunAsClient
class AuthenticationIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Test
    void operatorTokenReadsPermissions() {
        Api.Response response = Api.at(base).asOperator().get("/api/v1/account/permissions");
        System.out.println(response);
        assertEquals(200, response.status(), response.body());
    }
}
