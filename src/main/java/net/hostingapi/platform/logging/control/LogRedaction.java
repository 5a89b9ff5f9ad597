package net.hostingapi.platform.logging.control;

import java.util.logging.Filter;
import java.util.logging.LogRecord;
import java.util.regex.Pattern;

/**
 * Defence in depth behind the source fixes: blanks the values of {@code authToken=},
 * {@code token=}, {@code password=} (also as JSON members) and {@code Bearer} credentials in a
 * log record's message, parameters and exception messages, then lets the record through. As a
 * handler's filter it changes the record before that handler formats it.
 */
public final class LogRedaction implements Filter {

    static final String BLANK = "***";
    private static final Pattern ASSIGNED = Pattern.compile(
            "(?i)(authToken|token|password|passwd|secret|api[-_]?key)(\"?\\s*[=:]\\s*\"?)[^\\s&\"',;<>\\]]+");
    private static final Pattern BEARER = Pattern.compile("(?i)(Bearer\\s+)[^\\s\"',;]+");

    private final Filter previous;

    /** @param previous the filter the handler had, still asked first; may be null */
    public LogRedaction(Filter previous) {
        this.previous = previous;
    }

    public Filter previous() {
        return previous;
    }

    @Override
    public boolean isLoggable(LogRecord record) {
        if (previous != null && !previous.isLoggable(record)) {
            return false;
        }
        if (!(record instanceof Clean)) {
            redact(record);
        }
        return true;
    }

    /**
     * A record redacted where it was built (the request log line): the filter, which a file
     * handler consults twice per record, passes it unchanged. Scanning each request's line and
     * its fields again cost a fiftieth of a zone show's CPU.
     */
    public static final class Clean extends LogRecord {

        private static final long serialVersionUID = 1L;

        /** @param message already redacted */
        public Clean(java.util.logging.Level level, String message) {
            super(level, message);
        }
    }

    public static String redact(String text) {
        if (text == null || !mayHoldSecret(text)) {
            return text;
        }
        String blanked = ASSIGNED.matcher(text).replaceAll("$1$2" + BLANK);
        return BEARER.matcher(blanked).replaceAll("$1" + BLANK);
    }

    /** A cheap pre-check: nearly every record holds none of the words. */
    private static boolean mayHoldSecret(String text) {
        String lower = text.toLowerCase(java.util.Locale.ROOT);
        return lower.contains("token")
                || lower.contains("passw")
                || lower.contains("secret")
                || lower.contains("key")
                || lower.contains("bearer");
    }

    static void redact(LogRecord record) {
        String message = record.getMessage();
        String redacted = redact(message);
        if (redacted != message) {
            record.setMessage(redacted);
        }
        Object[] parameters = record.getParameters();
        if (parameters != null) {
            Object[] copy = null;
            for (int i = 0; i < parameters.length; i++) {
                if (parameters[i] == null) {
                    continue;
                }
                String text = String.valueOf(parameters[i]);
                String blanked = redact(text);
                if (!blanked.equals(text)) {
                    copy = copy == null ? parameters.clone() : copy;
                    copy[i] = blanked;
                }
            }
            if (copy != null) {
                record.setParameters(copy);
            }
        }
        if (record.getThrown() != null) {
            record.setThrown(redact(record.getThrown(), 0));
        }
    }

    /** The throwable itself when no message in its chain holds a secret, else a copy with the messages blanked. */
    private static Throwable redact(Throwable thrown, int depth) {
        if (thrown == null || depth > 20) {
            return thrown;
        }
        Throwable cause = thrown.getCause() == thrown ? null : thrown.getCause();
        Throwable redactedCause = redact(cause, depth + 1);
        String text = thrown.toString();
        String blanked = redact(text);
        if (blanked.equals(text) && redactedCause == cause) {
            return thrown;
        }
        return new Redacted(blanked, thrown, redactedCause);
    }

    /** Prints as the original would, with its stack, minus the secrets. */
    static final class Redacted extends RuntimeException {

        private final String text;

        Redacted(String text, Throwable original, Throwable cause) {
            super(text, cause, false, true);
            this.text = text;
            setStackTrace(original.getStackTrace());
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
