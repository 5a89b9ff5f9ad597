package net.hostingapi.datacenter.control;

import java.nio.charset.StandardCharsets;

/**
 * Everything written into an iPXE script passes through here. iPXE splits a line at whitespace,
 * treats a word starting with {@code #} as a comment, {@code ||}, {@code &&} and {@code ;} as
 * command separators and expands {@code ${...}}; a line break starts a new command. So both
 * functions keep an allow-list of characters and nothing else: no value, whoever wrote it, can
 * add a command, a comment or a settings expansion to a script.
 */
public final class IpxeText {

    /** The longest free text written into a script line. */
    static final int MAX_TEXT = 100;

    private static final String TEXT_PUNCTUATION = " .,:_()/%+=@!?*-";
    private static final String WORD_PUNCTUATION = "._~:/?&=%+,@!*()[]-";

    private IpxeText() {}

    /**
     * Free text for {@code echo}, {@code menu} and {@code item}: letters, digits, space and
     * {@code .,:_()/%+=@!?*-}; any other character becomes {@code _}, runs of spaces one space.
     */
    public static String text(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        value.codePoints().forEach(c -> {
            if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                if (text.length() > 0 && text.charAt(text.length() - 1) != ' ') {
                    text.append(' ');
                }
            } else if (isAsciiLetterOrDigit(c) || TEXT_PUNCTUATION.indexOf(c) >= 0) {
                text.append((char) c);
            } else {
                text.append('_');
            }
        });
        String result = text.toString().strip();
        return result.length() > MAX_TEXT ? result.substring(0, MAX_TEXT).strip() : result;
    }

    /**
     * One word (a URL, a kernel argument, a setting's value): every byte outside letters,
     * digits and {@code ._~:/?&=%+,@!*()[]-} is percent-encoded, so a word never contains
     * whitespace, {@code #}, {@code $}, {@code ;}, {@code |}, quotes or braces.
     */
    public static String word(String value) {
        StringBuilder word = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c < 0x80 && (isAsciiLetterOrDigit(c) || WORD_PUNCTUATION.indexOf(c) >= 0)) {
                word.append((char) c);
            } else {
                word.append('%')
                        .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        // "&&" on its own would be iPXE's AND operator.
        return word.toString().equals("&&") ? "%26%26" : word.toString();
    }

    private static boolean isAsciiLetterOrDigit(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}
