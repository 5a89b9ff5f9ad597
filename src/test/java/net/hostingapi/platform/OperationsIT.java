package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import jakarta.json.JsonObject;
import java.lang.reflect.Method;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
        assertTrue(
                body.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                        .anyMatch(c -> c.getString("name").equals("database")
                                && c.getString("status").equals("UP")),
                health.body());
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
            for (Path file :
                    files.filter(f -> f.toString().endsWith("Resource.class")).toList()) {
                String name =
                        classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
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
                        paths.add(path.replaceAll("\\{([a-zA-Z_]+)\\s*:[^/]*\\}", "{$1}")
                                .replaceAll("/+", "/"));
                    }
                }
            }
        }
        return paths;
    }

    /**
     * The document a client generator reads: swagger-parser finds nothing to complain about, every
     * operation has its own id, a tag, a success envelope and the envelope for errors, and the
     * secured ones name the two ways a token comes.
     */
    @Test
    void openApiDocumentIsValidForGenerators() throws Exception {
        Api.Response served = Api.at(base).get("/openapi");
        assertEquals(200, served.status());
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(served.body(), null, null);
        assertEquals(List.of(), result.getMessages(), "swagger-parser's messages");
        OpenAPI document = result.getOpenAPI();
        assertEquals("Hosting API", document.getInfo().getTitle());
        assertEquals(
                Set.of("bearerAuth", "authToken"),
                document.getComponents().getSecuritySchemes().keySet());
        Set<String> ids = new HashSet<>();
        int operations = 0;
        for (var path : document.getPaths().entrySet()) {
            for (var entry : path.getValue().readOperationsMap().entrySet()) {
                io.swagger.v3.oas.models.Operation operation = entry.getValue();
                String where = entry.getKey() + " " + path.getKey();
                operations++;
                assertTrue(
                        ids.add(operation.getOperationId()),
                        "operationId " + operation.getOperationId() + " twice: " + where);
                assertEquals(1, operation.getTags().size(), where);
                assertTrue(operation.getResponses().keySet().stream().anyMatch(s -> s.startsWith("2")), where);
                assertFalse(operation.getResponses().containsKey("default"), where);
                assertTrue(operation.getResponses().containsKey("422"), where);
                boolean isPublic = operation.getSecurity() == null
                        || operation.getSecurity().isEmpty(); // no global security
                assertEquals(!isPublic, operation.getResponses().containsKey("401"), where);
            }
        }
        assertEquals(resourcePaths().size(), operations);
        // what the main operations take: the records they bind, with their wire names and constraints
        var newZone = document.getComponents().getSchemas().get("NewZone");
        assertEquals(List.of("name"), newZone.getRequired());
        assertEquals(
                new java.math.BigDecimal(60),
                ((io.swagger.v3.oas.models.media.Schema<?>)
                                newZone.getProperties().get("ttl"))
                        .getMinimum());
        assertTrue(
                newZone.getProperties().containsKey("project_uuid"),
                newZone.getProperties().keySet().toString());
        var addRecords =
                document.getPaths().get("/api/v1/dns/zones/records/add").getPost();
        assertEquals(
                Set.of("application/json", "application/x-www-form-urlencoded", "multipart/form-data"),
                addRecords.getRequestBody().getContent().keySet());
        var showZone = document.getPaths().get("/api/v1/dns/zones/show").getGet();
        assertTrue(
                showZone.getParameters().stream()
                        .anyMatch(p -> p.getName().equals("zone") && p.getIn().equals("query") && p.getRequired()),
                String.valueOf(showZone.getParameters()));
    }

    /**
     * The client built in this build (openapi-generator, from src/test/resources/openapi/hosting-api.yaml)
     * is generated from what the service serves: a change of the code that changes the document
     * fails here until the snapshot is refreshed (the served document is written beside it in
     * target/openapi/ to copy over).
     */
    @Test
    void generatedClientSnapshotIsTheServedDocument() throws Exception {
        String served = Api.at(base).get("/openapi").body();
        Path written = Path.of("target", "openapi", "hosting-api.yaml");
        Files.createDirectories(written.getParent());
        Files.writeString(written, served);
        String snapshot = Files.readString(Path.of("src", "test", "resources", "openapi", "hosting-api.yaml"));
        // as trees: Payara writes the members of some objects in varying order
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        assertEquals(
                yaml.readTree(snapshot),
                yaml.readTree(served),
                "the served document differs from the snapshot: cp target/openapi/hosting-api.yaml src/test/resources/openapi/");
    }

    @Test
    void openApiIsServedAsYamlOrJson() {
        Api anonymous = Api.at(base);
        Api.Response yaml = anonymous.get("/openapi");
        assertTrue(yaml.header("Content-Type").startsWith("application/yaml"), yaml.header("Content-Type"));
        assertTrue(yaml.body().startsWith("openapi: 3."), yaml.body().substring(0, 40));
        Api.Response byAccept =
                anonymous.send("GET", "/openapi", null, null, java.util.Map.of("Accept", "application/json"));
        assertEquals(200, byAccept.status());
        assertTrue(byAccept.header("Content-Type").startsWith("application/json"), byAccept.header("Content-Type"));
        assertTrue(
                byAccept.envelope().getString("openapi").startsWith("3."),
                byAccept.body().substring(0, 40));
        Api.Response byFormat = anonymous.get("/openapi?format=json");
        assertTrue(byFormat.header("Content-Type").startsWith("application/json"), byFormat.header("Content-Type"));
        assertTrue(byFormat.envelope().containsKey("paths"));
        assertEquals(
                List.of(),
                new OpenAPIV3Parser().readContents(byFormat.body(), null, null).getMessages(),
                "swagger-parser on the JSON");
    }

    /** Swagger UI, public: the page, and the scripts and styles it loads from the webjar. */
    @Test
    void apiDocsPageLoadsSwaggerUi() {
        Api anonymous = Api.at(base);
        Api.Response page = anonymous.get("/api/docs");
        assertEquals(200, page.status(), page.body());
        assertTrue(page.header("Content-Type").startsWith("text/html"), page.header("Content-Type"));
        assertTrue(page.body().contains("url: \"/openapi\""), page.body());
        java.util.regex.Matcher assets = java.util.regex.Pattern.compile(
                        "(?:src|href)=\"(/webjars/[^\"]+\\.(js|css))\"")
                .matcher(page.body());
        Set<String> types = new HashSet<>();
        while (assets.find()) {
            Api.Response asset = anonymous.get(assets.group(1));
            assertEquals(200, asset.status(), assets.group(1));
            assertTrue(asset.body().length() > 10_000, assets.group(1));
            assertTrue(
                    asset.header("Content-Type").contains(assets.group(2).equals("js") ? "javascript" : "css"),
                    assets.group(1) + ": " + asset.header("Content-Type"));
            types.add(assets.group(2));
        }
        assertEquals(Set.of("js", "css"), types, page.body());
    }

    @Test
    void metricsAreServed() {
        Api.Response metrics = Api.at(base).get("/metrics");
        assertEquals(200, metrics.status());
        assertTrue(
                metrics.body().contains("jvm") || metrics.body().contains("base_"),
                metrics.body().substring(0, Math.min(200, metrics.body().length())));
    }
}
