package net.hostingapi.platform;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;

/** No answer may show a stack trace, SQL or class names. */
final class NoInternals {

    private static final List<String> TELLTALES = List.of(
            "Exception",
            "\tat ",
            "at net.",
            "at java.",
            "at org.",
            "java.lang",
            "org.eclipse",
            "SQL",
            "EJB",
            "jakarta.",
            "Caused by");

    private NoInternals() {}

    static void assertNone(String body) {
        for (String telltale : TELLTALES) {
            assertFalse(body.contains(telltale), "answer reveals internals (" + telltale + "): " + body);
        }
    }
}
