package net.hostingapi.zones.control.masterfile;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.xbill.DNS.Master;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.TTL;
import org.xbill.DNS.TextParseException;

/**
 * An RFC 1035 master file split into its entries, each parsed by dnsjava's {@link Master} with
 * the {@code $ORIGIN}, {@code $TTL} and previous owner in force at its line, so that every entry
 * that does not parse is reported with its line and the others are still read. The split is
 * lexical only (quotes, {@code ;} comments, parentheses spanning lines); what an entry means is
 * dnsjava's reading. {@code $INCLUDE} is refused (it would open files on the server) and so is
 * {@code $GENERATE}.
 */
public final class MasterFile {

    /** A parsed record and the line its entry starts on. */
    public record Entry(int line, Record record) {}

    /** A problem and the line it was found on. */
    public record Problem(int line, String text) {}

    public record Parsed(List<Entry> entries, List<Problem> problems) {}

    private static final Pattern DIRECTIVE = Pattern.compile("^\\$([A-Za-z]+)\\s*(.*)$", Pattern.DOTALL);
    private static final Pattern TOKENIZER_LINE = Pattern.compile("^[^:]*:(\\d+): ");

    private MasterFile() {}

    /** Reads {@code text} with {@code origin} as the initial {@code $ORIGIN} (the zone's name). */
    public static Parsed read(String text, Name origin) {
        List<Entry> entries = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        Name currentOrigin = origin;
        Long defaultTtl = null;
        Long lastTtl = null;
        Name lastOwner = null;
        for (Logical logical : split(text)) {
            String entry = logical.text();
            Matcher directive = DIRECTIVE.matcher(entry.strip());
            if (entry.startsWith("$") && directive.matches()) {
                String argument = withoutComment(directive.group(2)).strip();
                switch (directive.group(1).toUpperCase(Locale.ROOT)) {
                    case "ORIGIN" -> {
                        try {
                            currentOrigin = Name.fromString(argument, currentOrigin);
                        } catch (TextParseException e) {
                            problems.add(new Problem(logical.line(), "$ORIGIN: " + e.getMessage()));
                        }
                    }
                    case "TTL" -> {
                        try {
                            defaultTtl = TTL.parseTTL(argument);
                        } catch (NumberFormatException e) {
                            problems.add(new Problem(logical.line(), "$TTL: not a TTL: " + argument));
                        }
                    }
                    case "INCLUDE" -> problems.add(new Problem(logical.line(), "$INCLUDE is not allowed"));
                    default ->
                        problems.add(new Problem(logical.line(), "$" + directive.group(1) + " is not supported"));
                }
                continue;
            }
            // An entry starting with blank space belongs to the previous owner.
            if (Character.isWhitespace(entry.charAt(0))) {
                if (lastOwner == null) {
                    problems.add(new Problem(logical.line(), "no owner name, and no record before to take it from"));
                    continue;
                }
                entry = lastOwner + entry;
            }
            entry = asciiNames(entry);
            Long ttl = defaultTtl != null ? defaultTtl : lastTtl;
            try (Master master = ttl == null
                    ? new Master(stream(entry), currentOrigin)
                    : new Master(stream(entry), currentOrigin, ttl)) {
                master.disableIncludes(true);
                master.expandGenerate(false);
                Record record = master.nextRecord();
                if (record != null) {
                    entries.add(new Entry(logical.line(), record));
                    lastOwner = record.getName();
                    lastTtl = record.getTTL();
                }
            } catch (IOException | RuntimeException e) {
                problems.add(new Problem(logical.line(), message(e)));
            }
        }
        return new Parsed(entries, problems);
    }

    /**
     * Names written in Unicode ({@code bücher}) as A-labels ({@code xn--bcher-kva}), and text
     * beyond ASCII in quoted strings as {@code \DDD} escapes of its UTF-8 bytes: dnsjava reads one
     * byte per character. Comments stay as they are.
     */
    static String asciiNames(String entry) {
        StringBuilder out = new StringBuilder(entry.length());
        StringBuilder token = new StringBuilder();
        boolean quoted = false;
        boolean comment = false;
        for (int i = 0; i < entry.length(); i++) {
            char c = entry.charAt(i);
            boolean plain = !quoted && !comment;
            if (plain && !Character.isWhitespace(c) && c != '"' && c != ';' && c != '(' && c != ')') {
                token.append(c);
                continue;
            }
            if (quoted && c >= 0x80) {
                // dnsjava reads a byte per character: text beyond ASCII goes in as its UTF-8 bytes, escaped.
                int cp = entry.codePointAt(i);
                for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
                    out.append(String.format("\\%03d", b & 0xff));
                }
                i += Character.charCount(cp) - 1;
                continue;
            }
            out.append(ascii(token));
            token.setLength(0);
            if (c == '\n') {
                comment = false;
            } else if (!comment && c == '"') {
                quoted = !quoted;
            } else if (!quoted && c == ';') {
                comment = true;
            }
            out.append(c);
        }
        return out.append(ascii(token)).toString();
    }

    private static String ascii(CharSequence token) {
        String text = token.toString();
        if (text.chars().allMatch(c -> c < 0x80)) {
            return text;
        }
        try {
            return java.net.IDN.toASCII(text, java.net.IDN.ALLOW_UNASSIGNED);
        } catch (IllegalArgumentException e) {
            return text; // dnsjava names the problem
        }
    }

    private static ByteArrayInputStream stream(String entry) {
        return new ByteArrayInputStream((entry + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** dnsjava's text without its {@code <file>:<line>: } prefix (the line is the entry's own). */
    private static String message(Exception e) {
        String text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        Matcher prefix = TOKENIZER_LINE.matcher(text);
        return prefix.find() ? text.substring(prefix.end()) : text;
    }

    private static String withoutComment(String text) {
        int comment = text.indexOf(';');
        return comment < 0 ? text : text.substring(0, comment);
    }

    /** One entry of the file: its text (lines joined, comments kept) and the line it starts on. */
    private record Logical(int line, String text) {}

    /** Splits the file into entries: a line break ends one unless it lies within parentheses. */
    private static List<Logical> split(String text) {
        List<Logical> entries = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int line = 1;
        int startLine = 1;
        int depth = 0;
        boolean quoted = false;
        boolean comment = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r') {
                continue;
            }
            if (c == '\n') {
                comment = false;
                if (depth == 0 && !quoted) {
                    add(entries, startLine, current);
                    current.setLength(0);
                    startLine = line + 1;
                } else {
                    current.append(c);
                }
                line++;
                continue;
            }
            if (!comment) {
                if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) != '\n') {
                    current.append(c).append(text.charAt(++i));
                    continue;
                }
                if (c == '"') {
                    quoted = !quoted;
                } else if (!quoted && c == ';') {
                    comment = true;
                } else if (!quoted && c == '(') {
                    depth++;
                } else if (!quoted && c == ')' && depth > 0) {
                    depth--;
                }
            }
            current.append(c);
        }
        add(entries, startLine, current);
        return entries;
    }

    private static void add(List<Logical> entries, int line, StringBuilder text) {
        String entry = text.toString();
        String meaningful = entry.replaceAll("(?m);.*$", "").strip();
        if (!meaningful.isEmpty()) {
            entries.add(new Logical(line, entry));
        }
    }
}
