package net.hostingapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layout the README's code map promises, read from the sources' package and import lines: areas
 * and platform's rooms depend on each other without a circle, platform knows no area, each room's
 * floors (boundary, control, entity) only look down, and every package says in one sentence what
 * it is. A change that breaks one of these fails here, not in a reader's head.
 */
class PackageRulesTest {

    private static final Path MAIN = Path.of("src/main/java");
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern IMPORT =
            Pattern.compile("^import (?:static )?([\\w.]+)\\.[\\w*]+;", Pattern.MULTILINE);
    private static final Pattern FQN_IN_CODE = Pattern.compile("\\bnet\\.hostingapi\\.([a-z]+(?:\\.[a-z]+)*)\\.[A-Z]");
    private static final List<String> FLOORS = List.of("boundary", "control", "entity");
    private static final int MOST_CLASSES = 20;

    /** Each source file's package and the packages it names (imports and qualified names in code). */
    private static final Map<String, Set<String>> USES = new TreeMap<>();

    private static final Map<String, Integer> CLASSES = new TreeMap<>();
    private static final Map<String, String> PACKAGE_DOCS = new TreeMap<>();

    @BeforeAll
    static void readSources() throws IOException {
        try (Stream<Path> files = Files.walk(MAIN)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(PackageRulesTest::read);
        }
    }

    private static void read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher pkg = PACKAGE.matcher(text);
        assertTrue(pkg.find(), file + " has no package line");
        String own = pkg.group(1);
        if (file.getFileName().toString().equals("package-info.java")) {
            PACKAGE_DOCS.put(own, text.substring(0, pkg.start()));
            return;
        }
        CLASSES.merge(own, 1, Integer::sum);
        Set<String> uses = USES.computeIfAbsent(own, p -> new TreeSet<>());
        Matcher imports = IMPORT.matcher(text);
        while (imports.find()) {
            uses.add(imports.group(1));
        }
        Matcher qualified = FQN_IN_CODE.matcher(withoutComments(text));
        while (qualified.find()) {
            uses.add("net.hostingapi." + qualified.group(1));
        }
        uses.remove(own);
    }

    private static String withoutComments(String text) {
        return text.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
    }

    /** An area ({@code zones}) or a room of platform ({@code platform.parameters}); null outside the service. */
    static String unit(String pkg) {
        if (!pkg.startsWith("net.hostingapi.")) {
            return null;
        }
        String[] parts = pkg.substring("net.hostingapi.".length()).split("\\.");
        if (parts[0].equals("platform") && parts.length > 1) {
            return "platform." + parts[1];
        }
        return parts[0];
    }

    /** The floor a package stands on, the first of boundary, control, entity among its names; null for a unit's own package. */
    static String floor(String pkg) {
        for (String part : pkg.split("\\.")) {
            if (FLOORS.contains(part)) {
                return part;
            }
        }
        return null;
    }

    @Test
    void areasAndRoomsDependWithoutACircle() {
        Map<String, Set<String>> graph = new TreeMap<>();
        USES.forEach((pkg, uses) -> {
            String from = unit(pkg);
            for (String used : uses) {
                String to = unit(used);
                if (to != null && !to.equals(from)) {
                    graph.computeIfAbsent(from, u -> new TreeSet<>()).add(to);
                }
            }
        });
        List<String> circle = circleIn(graph);
        assertEquals(List.of(), circle, "a circle between areas or rooms: " + String.join(" -> ", circle));
    }

    @Test
    void packagesDependWithoutACircle() {
        Map<String, Set<String>> graph = new TreeMap<>();
        USES.forEach((pkg, uses) -> uses.stream()
                .filter(USES::containsKey)
                .forEach(
                        used -> graph.computeIfAbsent(pkg, p -> new TreeSet<>()).add(used)));
        List<String> circle = circleIn(graph);
        assertEquals(List.of(), circle, "a circle between packages: " + String.join(" -> ", circle));
    }

    @Test
    void platformKnowsNoArea() {
        List<String> wrong = new ArrayList<>();
        USES.forEach((pkg, uses) -> {
            if (unit(pkg) != null && unit(pkg).startsWith("platform")) {
                uses.stream()
                        .filter(used -> unit(used) != null && !unit(used).startsWith("platform"))
                        .forEach(used -> wrong.add(pkg + " -> " + used));
            }
        });
        assertEquals(List.of(), wrong);
    }

    @Test
    void floorsOnlyLookDown() {
        List<String> wrong = new ArrayList<>();
        USES.forEach((pkg, uses) -> {
            String floor = floor(pkg);
            if (floor == null || floor.equals("boundary")) {
                return;
            }
            for (String used : uses) {
                String usedFloor = floor(used);
                boolean upward = usedFloor != null && FLOORS.indexOf(usedFloor) < FLOORS.indexOf(floor);
                boolean http = used.startsWith("jakarta.ws.rs") || used.startsWith("jakarta.servlet");
                if (upward || http) {
                    wrong.add(pkg + " -> " + used);
                }
            }
        });
        assertEquals(List.of(), wrong, "control and entity name no boundary, entity no control, neither HTTP");
    }

    @Test
    void everyPackageSaysInOneSentenceWhatItIs() {
        List<String> wrong = new ArrayList<>();
        for (String pkg : CLASSES.keySet()) {
            String doc = PACKAGE_DOCS.get(pkg);
            if (doc == null) {
                wrong.add(pkg + ": no package-info.java");
                continue;
            }
            String sentence = doc.replace("*/", " ")
                    .replaceAll("/\\*\\*|\\n\\s*\\*", " ")
                    .replaceAll("\\{@\\w+ ([^}]*)}", "$1")
                    .replaceAll("\\s+", " ")
                    .strip();
            if (Pattern.compile("\\band\\b").matcher(sentence).find()) {
                wrong.add(pkg + ": says \"and\": " + sentence);
            }
            if (!sentence.endsWith(".")
                    || sentence.substring(0, sentence.length() - 1).matches(".*\\.\\s+[A-Z].*")) {
                wrong.add(pkg + ": not one sentence: " + sentence);
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void noPackageHoldsMoreThanTwentyClasses() {
        Map<String, Integer> large = new TreeMap<>(CLASSES);
        large.values().removeIf(count -> count <= MOST_CLASSES);
        assertEquals(Map.of(), large);
    }

    /** One circle of the graph, its first node again at its end; empty when there is none. */
    static List<String> circleIn(Map<String, Set<String>> graph) {
        Map<String, Integer> state = new HashMap<>(); // 1: on the path, 2: done
        for (String start : graph.keySet()) {
            LinkedHashSet<String> path = new LinkedHashSet<>();
            List<String> circle = visit(start, graph, state, path);
            if (!circle.isEmpty()) {
                return circle;
            }
        }
        return List.of();
    }

    private static List<String> visit(
            String node, Map<String, Set<String>> graph, Map<String, Integer> state, LinkedHashSet<String> path) {
        Integer seen = state.get(node);
        if (seen != null && seen == 2) {
            return List.of();
        }
        if (seen != null) {
            List<String> circle = new ArrayList<>();
            boolean in = false;
            for (String onPath : path) {
                in |= onPath.equals(node);
                if (in) {
                    circle.add(onPath);
                }
            }
            circle.add(node);
            return circle;
        }
        state.put(node, 1);
        path.add(node);
        for (String next : graph.getOrDefault(node, Set.of())) {
            List<String> circle = visit(next, graph, state, path);
            if (!circle.isEmpty()) {
                return circle;
            }
        }
        path.remove(node);
        state.put(node, 2);
        return List.of();
    }

    @Test
    void aCircleIsFound() {
        Map<String, Set<String>> graph = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"));
        List<String> circle = circleIn(new TreeMap<>(graph));
        assertEquals(circle.get(0), circle.get(circle.size() - 1));
        assertEquals(Set.of("a", "b", "c"), new TreeSet<>(circle));
        assertEquals(List.of(), circleIn(new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of("c")))));
    }
}
