package net.hostingapi.accounts.control.tsig;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.logging.Logger;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * New TSIG keys, and their secrets sealed for the database: a nameserver must compute the HMAC
 * with the secret itself, so it cannot be stored as a hash like a token's text. Sealed with
 * AES-256-GCM under {@code TSIG_KEY_ENCRYPTION_KEY} (configuration.md), the key's name as
 * associated data: a sealed secret copied to another key does not open. Without that setting
 * (or with a malformed one) no key is issued and none opens.
 */
@ApplicationScoped
public class TsigSecrets {

    private static final Logger LOG = Logger.getLogger(TsigSecrets.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    /** A key as issued: its secret in the clear is shown once, then only its sealed form exists. */
    public record NewKey(String name, TsigAlgorithm algorithm, byte[] secret, byte[] sealed) {

        public String secretBase64() {
            return Base64.getEncoder().encodeToString(secret);
        }

        @Override
        public String toString() {
            return "NewKey[" + name + ", " + algorithm.wireName() + "]"; // never the secret
        }
    }

    @Inject
    @ConfigProperty(name = "TSIG_KEY_ENCRYPTION_KEY")
    Optional<String> configured;

    private SecretKey key;
    private String problem;

    public TsigSecrets() {}

    /** With the setting's value (null: unset); for tests. */
    public static TsigSecrets withKey(String base64) {
        TsigSecrets secrets = new TsigSecrets();
        secrets.configured = Optional.ofNullable(base64);
        secrets.readKey();
        return secrets;
    }

    @PostConstruct
    void readKey() {
        String value = configured.map(String::strip).orElse("");
        if (value.isEmpty()) {
            problem = "TSIG_KEY_ENCRYPTION_KEY is not set";
            return;
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(value);
        } catch (IllegalArgumentException e) {
            bytes = new byte[0];
        }
        if (bytes.length != 32) {
            problem = "TSIG_KEY_ENCRYPTION_KEY is not 32 bytes in base64";
            LOG.severe(problem + " (openssl rand -base64 32 makes one): no TSIG key is issued or accepted");
            return;
        }
        key = new SecretKeySpec(bytes, "AES");
    }

    /** Null when keys can be issued and opened, else why not (no secret in it). */
    public String problem() {
        return problem;
    }

    /**
     * The name of a token's key: the token's id, so that operators and logs can tell whose key
     * it is, and a random label, so that a key given again (a new token) never has an old name.
     */
    public static String keyName(long tokenId) {
        byte[] random = new byte[5];
        RANDOM.nextBytes(random);
        return "token-" + tokenId + "-" + HexFormat.of().formatHex(random) + ".tsig";
    }

    /** A new key for the token: a random secret of the algorithm's output length, sealed. */
    public NewKey newKey(long tokenId, TsigAlgorithm algorithm) {
        requireKey();
        String name = keyName(tokenId);
        byte[] secret = new byte[algorithm.secretBytes()];
        RANDOM.nextBytes(secret);
        return new NewKey(name, algorithm, secret, seal(name, secret));
    }

    byte[] seal(String name, byte[] secret) {
        requireKey();
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(name.getBytes(StandardCharsets.US_ASCII));
            byte[] sealed = cipher.doFinal(secret);
            return ByteBuffer.allocate(NONCE_BYTES + sealed.length)
                    .put(nonce)
                    .put(sealed)
                    .array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM failed: " + e.getMessage(), e);
        }
    }

    /**
     * The secret of the named key, or empty when it does not open: no key configured, another
     * key than the one that sealed it (TSIG_KEY_ENCRYPTION_KEY changed), or not sealed for this name.
     */
    public Optional<byte[]> open(String name, byte[] sealed) {
        if (key == null || sealed == null || sealed.length <= NONCE_BYTES) {
            return Optional.empty();
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, sealed, 0, NONCE_BYTES));
            cipher.updateAAD(name.getBytes(StandardCharsets.US_ASCII));
            return Optional.of(cipher.doFinal(sealed, NONCE_BYTES, sealed.length - NONCE_BYTES));
        } catch (javax.crypto.AEADBadTagException e) {
            LOG.warning("The secret of TSIG key " + name
                    + " does not open with TSIG_KEY_ENCRYPTION_KEY (changed since it was issued?): the key is refused");
            return Optional.empty();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM failed: " + e.getMessage(), e);
        }
    }

    private void requireKey() {
        if (key == null) {
            throw new IllegalStateException(problem);
        }
    }
}
