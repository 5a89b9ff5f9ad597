package net.hostingapi.platform.openapi.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The areas' payloads are found through META-INF/services, which no compiler checks: every schema
 * an operation answers with ({@link Answers}) or a payload refers to must be declared by an area, once.
 */
class PayloadSchemasTest {

    private static final Pattern REFERENCE = Pattern.compile("[A-Z]\\w*");

    @Test
    void everySchemaAnAnswerOrAPayloadNamesIsDeclaredOnce() throws Exception {
        List<String> declared = new ArrayList<>();
        Set<String> referenced = new TreeSet<>();
        for (WireShapes area : ServiceLoader.load(WireShapes.class)) {
            for (WireShape<?> shape : area.shapes()) {
                declared.add(shape.name());
                for (String member : shape.notation()) {
                    Matcher type = REFERENCE.matcher(member.substring(member.indexOf(':') + 1));
                    while (type.find()) {
                        referenced.add(type.group());
                    }
                }
            }
        }
        assertEquals(new TreeSet<>(declared).size(), declared.size(), "declared twice: " + declared);
        Properties config = new Properties();
        try (Reader reader = Files.newBufferedReader(
                Path.of("src", "main", "resources", "META-INF", "microprofile-config.properties"))) {
            config.load(reader);
        }
        int answers = 0;
        for (String resource : config.getProperty("mp.openapi.scan.classes").split(",")) {
            for (Method method : Class.forName(resource.strip()).getMethods()) {
                Answers answer = method.getAnnotation(Answers.class);
                if (answer != null) {
                    answers++;
                    referenced.add(answer.schema());
                    for (String optional : answer.optional()) {
                        referenced.add(optional.substring(optional.indexOf(':') + 1));
                    }
                }
            }
        }
        assertTrue(answers >= 40, "found only " + answers + " answers");
        referenced.removeAll(declared);
        assertEquals(Set.of(), referenced, "named but declared by no area");
    }
}
