package net.hostingapi.platform.openapi.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link Binds} names the record an operation binds a second time, for the OpenAPI document: this
 * reads each resource method's source and fails when the record it hands to
 * {@code parameters.bind(...)} (directly or in a helper of the same class) is another one.
 */
class BindsTest {

    private static final Pattern BIND = Pattern.compile("\\.bind(?:WithViolations)?\\(\\s*((?:\\w+\\.)*\\w+)\\.class");
    private static final Pattern CALL = Pattern.compile("\\b(\\w+)\\(");

    @Test
    void everyOperationBindsTheRecordItsBindsNames() throws Exception {
        Path classes = Path.of("target", "classes");
        List<String> checked = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith("Resource.class")).toList()) {
                String name =
                        classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                Class<?> resource = Class.forName(name);
                String source = Files.readString(Path.of("src", "main", "java", name.replace('.', '/') + ".java"));
                for (Method method : resource.getDeclaredMethods()) {
                    Binds binds = method.getAnnotation(Binds.class);
                    if (binds == null) {
                        continue;
                    }
                    Set<String> bound = bound(source, method.getName(), 2);
                    assertEquals(
                            Set.of(binds.value().getSimpleName()),
                            bound,
                            resource.getSimpleName() + "." + method.getName()
                                    + ": @Binds and parameters.bind disagree");
                    checked.add(method.getName());
                }
            }
        }
        assertTrue(checked.size() >= 40, "checked only " + checked);
    }

    /** The simple names of the records the method's body binds, following calls to methods of its class. */
    private static Set<String> bound(String source, String method, int depth) {
        String body = body(source, method);
        Set<String> bound = new TreeSet<>();
        if (body == null) {
            return bound;
        }
        Matcher bind = BIND.matcher(body);
        while (bind.find()) {
            String type = bind.group(1);
            bound.add(type.substring(type.lastIndexOf('.') + 1));
        }
        if (bound.isEmpty() && depth > 0) {
            Matcher call = CALL.matcher(body);
            while (call.find()) {
                if (!call.group(1).equals(method)) {
                    bound.addAll(bound(source, call.group(1), depth - 1));
                }
            }
        }
        return bound;
    }

    /** The text of the method declared at the class's indentation, or null. */
    private static String body(String source, String method) {
        Matcher declaration = Pattern.compile(
                        "\\n    (?:(?:public|private|protected|static|final) )*[\\w<>\\[\\]., ?]+ "
                                + Pattern.quote(method) + "\\([^)]*\\)[^{;]*\\{")
                .matcher(source);
        if (!declaration.find()) {
            return null;
        }
        int end = source.indexOf("\n    }\n", declaration.end());
        return source.substring(declaration.end(), end < 0 ? source.length() : end);
    }
}
