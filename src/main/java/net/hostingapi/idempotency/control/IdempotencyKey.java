package net.hostingapi.idempotency.control;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;

/**
 * A request's idempotency key within its account, and the fingerprint of the request it came
 * with: the same key with another fingerprint is another request, which the key cannot answer.
 */
public record IdempotencyKey(long accountId, String key, byte[] fingerprint) {

    /** The longest key kept (the column); UUIDs, ULIDs and the like are far shorter. */
    public static final int MOST_CHARACTERS = 255;

    /**
     * The key of an {@code Idempotency-Key} header: as the IETF draft writes it, a structured-field
     * string ({@code "..."}), or bare as most clients send it; 1 to 255 visible ASCII characters.
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    public static String parse(String header) {
        String key = header.strip();
        if (key.length() >= 2 && key.startsWith("\"") && key.endsWith("\"")) {
            key = key.substring(1, key.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
        }
        if (key.isEmpty() || key.length() > MOST_CHARACTERS) {
            throw new IllegalArgumentException("must be 1 to " + MOST_CHARACTERS + " characters long");
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c < 0x21 || c > 0x7e) {
                throw new IllegalArgumentException("must be visible ASCII characters only (no spaces)");
            }
        }
        return key;
    }

    /** SHA-256 over the parts that make a request what it is, each length-prefixed so none can run into the next. */
    public static byte[] fingerprint(List<String> parts, byte[] body) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String part : parts) {
                byte[] bytes = (part == null ? "" : part).getBytes(StandardCharsets.UTF_8);
                digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
                digest.update((byte) ':');
                digest.update(bytes);
            }
            digest.update(body);
            return digest.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    public boolean sameRequest(byte[] other) {
        return MessageDigest.isEqual(fingerprint, other);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof IdempotencyKey that
                && accountId == that.accountId
                && key.equals(that.key)
                && Arrays.equals(fingerprint, that.fingerprint);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(accountId) + key.hashCode();
    }

    @Override
    public String toString() {
        return "IdempotencyKey[account " + accountId + ", " + key + "]";
    }
}
