package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URL;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import net.hostingapi.support.Api;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/** Health with the database check, the OpenAPI document, metrics: all public. */
@ServiceTest
@RunAsClient
class OperationsIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    @Test
    void healthIsUpWithTheDatabaseChecked() {
        Api.Response health = Api.at(base).get("/health");
        assertEquals(200, health.status(), health.body());
        JsonObject body = health.envelope();
        assertEquals("UP", body.getString("status"));
        assertTrue(body.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .anyMatch(c -> c.getString("name").equals("database") && c.getString("status").equals("UP")), health.body());
    }

    @Test
    void openApiDescribesEveryEndpoint() throws Exception {
        Api.Response openapi = Api.at(base).get("/openapi");
        assertEquals(200, openapi.status());
        List<String> paths = resourcePaths();
        assertTrue(paths.size() >= 13, "found " + paths);
        for (String path : paths) {
            assertTrue(openapi.body().contains(path + ":"), "missing " + path);
        }
    }

    /** Every operation path of every JAX-RS resource the build compiled, as OpenAPI writes it. */
    private static List<String> resourcePaths() throws Exception {
        Path classes = Path.of("target", "classes");
        List<String> paths = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(f -> f.toString().endsWith("Resource.class")).toList()) {
                String name = classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                Class<?> type = Class.forName(name);
                jakarta.ws.rs.Path root = type.getAnnotation(jakarta.ws.rs.Path.class);
                if (root == null) {
                    continue;
                }
                for (Method method : type.getMethods()) {
                    boolean operation = Arrays.stream(method.getAnnotations())
                            .anyMatch(a -> a.annotationType().isAnnotationPresent(jakarta.ws.rs.HttpMethod.class));
                    if (operation) {
                        jakarta.ws.rs.Path sub = method.getAnnotation(jakarta.ws.rs.Path.class);
                        String path = "/api/v1/" + root.value() + (sub == null ? "" : "/" + sub.value());
                        paths.add(path.replaceAll("\\{([a-zA-Z_]+)\\s*:[^/]*\\}", "{$1}").replaceAll("/+", "/"));
                    }
                }
            }
        }
        return paths;
    }

    @Test
    void metricsAreServed() {
        Api.Response metrics = Api.at(base).get("/metrics");
        assertEquals(200, metrics.status());
        assertTrue(metrics.body().contains("jvm") || metrics.body().contains("base_"), metrics.body().substring(0, Math.min(200, metrics.body().length())));
    }
}
