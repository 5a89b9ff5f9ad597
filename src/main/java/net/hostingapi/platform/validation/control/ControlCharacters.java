package net.hostingapi.platform.validation.control;

/** No field of any object may contain control characters (api.md, DNS zones): they could inject lines into zone files, mails or boot scripts. */
public final class ControlCharacters {

    private ControlCharacters() {}

    public static boolean containsAny(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029') {
                return true;
            }
        }
        return false;
    }
}
