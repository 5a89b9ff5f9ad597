package net.hostingapi.datacenter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A strict reader of the iPXE scripts the service writes: every line must be the shebang, a
 * comment, a label, or commands from the small set the scripts use, each with arguments of the
 * shape that command takes. Free text is allowed only in {@code echo}, {@code menu} and
 * {@code item} and only of safe characters; no settings expansion except {@code goto ${...}} of
 * the menu's own choice; every {@code goto} and menu item leads to a label of the script.
 */
public final class IpxeSyntax {

    private static final Pattern LABEL = Pattern.compile("[a-z_][a-z0-9_]*");
    private static final Pattern TEXT = Pattern.compile("[A-Za-z0-9.,:_()/%+=@!?*-]+");
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9._~:/?&=%+,@!*()\\[\\]-]+");
    private static final Pattern URL = Pattern.compile("https?://[A-Za-z0-9._~:/?&=%+,@!*()\\[\\]-]+");
    private static final Pattern NUMBER = Pattern.compile("\\d{1,9}");

    private final List<String> problems = new ArrayList<>();
    private final Set<String> labels = new HashSet<>();
    private final Set<String> targets = new HashSet<>();
    private final Set<String> chosenSettings = new HashSet<>();
    private int lineNumber;

    private IpxeSyntax() {}

    /** Every problem found; empty when the script is well-formed. */
    public static List<String> problems(String script) {
        IpxeSyntax syntax = new IpxeSyntax();
        syntax.read(script);
        return syntax.problems;
    }

    public static void assertValid(String script) {
        List<String> found = problems(script);
        if (!found.isEmpty()) {
            throw new AssertionError("not a well-formed iPXE script: " + found + "\n" + script);
        }
    }

    private void read(String script) {
        if (!script.endsWith("\n")) {
            problems.add("the script does not end with a line break");
        }
        for (int i = 0; i < script.length(); i++) {
            char c = script.charAt(i);
            if (c != '\n' && (c < 0x20 || c > 0x7e)) {
                problems.add("character " + (int) c + " at offset " + i);
            }
        }
        String[] lines = script.split("\n", -1);
        if (!lines[0].equals("#!ipxe")) {
            problems.add("line 1 is not #!ipxe");
        }
        for (lineNumber = 2; lineNumber <= lines.length; lineNumber++) {
            line(lines[lineNumber - 1]);
        }
        for (String target : targets) {
            if (!labels.contains(target)) {
                problems.add("goto or item leads to no label: " + target);
            }
        }
    }

    private void line(String line) {
        if (line.isEmpty() || line.startsWith("#")) {
            return;
        }
        if (line.startsWith(":")) {
            String label = line.substring(1);
            if (!LABEL.matcher(label).matches()) {
                problem("bad label " + line);
            } else if (!labels.add(label)) {
                problem("label defined twice: " + label);
            }
            return;
        }
        if (!line.equals(line.strip()) || line.contains("  ")) {
            problem("stray whitespace");
        }
        List<String> command = new ArrayList<>();
        for (String token : line.strip().split(" +")) {
            if (token.equals("||")) {
                command(command);
                command = new ArrayList<>();
            } else {
                command.add(token);
            }
        }
        command(command);
    }

    private void command(List<String> tokens) {
        if (tokens.isEmpty()) {
            problem("empty command around ||");
            return;
        }
        String name = tokens.get(0);
        List<String> args = tokens.subList(1, tokens.size());
        switch (name) {
            case "echo", "menu" -> text(args, name);
            case "item" -> item(args);
            case "choose" -> choose(args);
            case "goto" -> goto_(args);
            case "kernel" -> {
                if (args.isEmpty() || !URL.matcher(args.get(0)).matches()) {
                    problem("kernel needs a URL first: " + args);
                } else {
                    args.subList(1, args.size()).forEach(this::word);
                }
            }
            case "initrd" -> {
                List<String> rest = args;
                if (rest.size() >= 2 && rest.get(0).equals("--name")) {
                    word(rest.get(1));
                    rest = rest.subList(2, rest.size());
                }
                url(rest, "initrd");
            }
            case "chain" ->
                url(args.size() > 0 && args.get(0).equals("--autofree") ? args.subList(1, args.size()) : args, "chain");
            case "boot" -> expect(args.isEmpty(), "boot takes no arguments");
            case "set" -> {
                expect(args.size() == 2 && LABEL.matcher(args.get(0)).matches(), "set <name> <value>: " + args);
                if (args.size() == 2) {
                    word(args.get(1));
                }
            }
            case "sanboot" ->
                expect(
                        args.equals(List.of("--no-describe", "--drive", "0x80")),
                        "sanboot of the first disk only: " + args);
            case "exit" ->
                expect(
                        args.isEmpty()
                                || (args.size() == 1
                                        && NUMBER.matcher(args.get(0)).matches()),
                        "exit [n]: " + args);
            default -> problem("command not used by the service's scripts: " + name);
        }
    }

    private void text(List<String> words, String command) {
        if (words.isEmpty()) {
            problem(command + " without text");
        }
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (!TEXT.matcher(word).matches()) {
                problem(command + " text with unsafe characters: " + word);
            }
            if (i == 0 && word.startsWith("-")) {
                problem(command + " text would be read as an option: " + word);
            }
        }
    }

    private void item(List<String> args) {
        if (!args.isEmpty() && args.get(0).equals("--gap")) {
            text(args.subList(1, args.size()), "item --gap");
            return;
        }
        if (args.size() < 2 || !LABEL.matcher(args.get(0)).matches()) {
            problem("item <label> <text>: " + args);
            return;
        }
        targets.add(args.get(0));
        text(args.subList(1, args.size()), "item");
    }

    private void choose(List<String> args) {
        int i = 0;
        while (i < args.size() - 1) {
            String option = args.get(i);
            if (option.equals("--default") && LABEL.matcher(args.get(i + 1)).matches()) {
                targets.add(args.get(i + 1));
            } else if (!(option.equals("--timeout")
                    && NUMBER.matcher(args.get(i + 1)).matches())) {
                problem("choose option: " + option + " " + args.get(i + 1));
            }
            i += 2;
        }
        if (i != args.size() - 1 || !LABEL.matcher(args.get(i)).matches()) {
            problem("choose needs one setting name last: " + args);
        } else {
            chosenSettings.add(args.get(i));
        }
    }

    private void goto_(List<String> args) {
        if (args.size() != 1) {
            problem("goto <label>: " + args);
            return;
        }
        String target = args.get(0);
        if (target.startsWith("${")
                && target.endsWith("}")
                && chosenSettings.contains(target.substring(2, target.length() - 1))) {
            return; // the menu's own choice: one of its item labels, each checked to exist
        }
        if (!LABEL.matcher(target).matches()) {
            problem("goto to something that is not a label: " + target);
        } else {
            targets.add(target);
        }
    }

    private void url(List<String> args, String command) {
        expect(
                args.size() == 1 && URL.matcher(args.get(0)).matches(),
                command + " needs exactly one safe URL: " + args);
    }

    private void word(String word) {
        if (!WORD.matcher(word).matches() || word.equals("&&")) {
            problem("unsafe argument: " + word);
        }
    }

    private void expect(boolean condition, String problem) {
        if (!condition) {
            problem(problem);
        }
    }

    private void problem(String text) {
        problems.add("line " + lineNumber + ": " + text);
    }
}
