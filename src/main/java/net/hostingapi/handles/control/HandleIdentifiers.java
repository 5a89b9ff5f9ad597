package net.hostingapi.handles.control;

import java.security.SecureRandom;

/**
 * New handle identifiers: "H" and nine characters from an alphabet without the look-alikes
 * I, O, 0 and 1 (handles are read out on the phone), about 45 random bits: upper case and URL-safe.
 * Uniqueness is checked against the database by the caller.
 */
final class HandleIdentifiers {

    private static final char[] ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();

    private HandleIdentifiers() {}

    static String next() {
        StringBuilder id = new StringBuilder("H");
        for (int i = 0; i < 9; i++) {
            id.append(ALPHABET[RANDOM.nextInt(ALPHABET.length)]);
        }
        return id.toString();
    }
}
