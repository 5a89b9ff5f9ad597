package net.hostingapi.platform.messages.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The message codes are part of the wire contract: unique, and every one listed in the API
 * reference. Each area keeps its own enum of them, so they are collected from the compiled
 * classes: platform names no area, and an area's new enum is checked without being registered.
 */
class MessageCodeTest {

    private static final Pattern TABLE_ROW =
            Pattern.compile("^\\| (\\d+) \\| `(\\w+)` \\| (.*) \\|$", Pattern.MULTILINE);

    private static List<MessageCode> codes;

    @BeforeAll
    static void collect() throws IOException, URISyntaxException {
        Path classes = Path.of(MessageCode.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        try (Stream<Path> files = Files.walk(classes)) {
            codes = files.map(file -> classes.relativize(file).toString())
                    .filter(name -> name.endsWith(".class"))
                    .map(name ->
                            name.substring(0, name.length() - ".class".length()).replace(File.separatorChar, '.'))
                    .map(MessageCodeTest::load)
                    .flatMap(Optional::stream)
                    .filter(type -> type.isEnum() && MessageCode.class.isAssignableFrom(type))
                    .flatMap(type -> Arrays.stream(type.getEnumConstants()))
                    .map(MessageCode.class::cast)
                    .toList();
        }
    }

    /** Loaded without running static initializers; a class the test class path cannot link is no code enum. */
    private static Optional<Class<?>> load(String name) {
        try {
            return Optional.of(Class.forName(name, false, MessageCodeTest.class.getClassLoader()));
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
    }

    @Test
    void everyAreaIsCollected() {
        assertTrue(codes.contains(CommonMessages.OK), "platform's codes missing");
        assertTrue(
                codes.stream().anyMatch(code -> !(code instanceof CommonMessages)), "no area's codes found: " + codes);
    }

    @Test
    void numbersAreUnique() {
        Map<Integer, List<String>> byNumber = codes.stream()
                .collect(Collectors.groupingBy(
                        MessageCode::code, Collectors.mapping(MessageCodeTest::qualified, Collectors.toList())));
        byNumber.values().removeIf(holders -> holders.size() == 1);
        assertEquals(Map.of(), byNumber, "numbers given to more than one code");
    }

    @Test
    void namesAreUnique() {
        // names appear in api.md and in the rate-limit metric's tag
        Map<String, List<String>> byName = codes.stream()
                .collect(Collectors.groupingBy(
                        MessageCode::name, Collectors.mapping(MessageCodeTest::qualified, Collectors.toList())));
        byName.values().removeIf(holders -> holders.size() == 1);
        assertEquals(Map.of(), byName, "names given to more than one code");
    }

    @Test
    void theApiReferenceListsEveryCode() throws IOException {
        String reference = codeTable();
        for (MessageCode code : codes) {
            assertTrue(
                    reference.contains("| " + code.code() + " | `" + code.name() + "` |"),
                    "api.md lacks " + qualified(code));
        }
    }

    @Test
    void everyCodeOfTheApiReferenceIsAnswered() throws IOException {
        Map<String, String> listed = new LinkedHashMap<>();
        Matcher row = TABLE_ROW.matcher(codeTable());
        while (row.find()) {
            listed.put(row.group(2), row.group(1) + " " + row.group(3));
        }
        Map<String, String> collected =
                codes.stream().collect(Collectors.toMap(MessageCode::name, code -> code.code() + " " + code.text()));
        assertEquals(listed.size(), codes.size(), "api.md lists another number of codes");
        listed.forEach((name, numberAndText) ->
                assertEquals(numberAndText, collected.get(name), "api.md's " + name + " differs from the code"));
    }

    /** The section "Message codes" of the API reference, up to the next section. */
    private static String codeTable() throws IOException {
        String reference = Files.readString(Path.of("src/site/markdown/api.md"));
        int start = reference.indexOf("\n## Message codes\n");
        assertTrue(start >= 0, "api.md has no section Message codes");
        int end = reference.indexOf("\n## ", start + 1);
        return reference.substring(start, end < 0 ? reference.length() : end);
    }

    private static String qualified(MessageCode code) {
        return code.getClass().getSimpleName() + "." + code.name();
    }
}
