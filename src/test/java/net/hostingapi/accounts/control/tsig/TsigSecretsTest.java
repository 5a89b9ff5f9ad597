package net.hostingapi.accounts.control.tsig;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.TSIG;
import org.xbill.DNS.Update;

class TsigSecretsTest {

    private static String newKeyEncryptionKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }

    private final TsigSecrets secrets = TsigSecrets.withKey(newKeyEncryptionKey());

    @Test
    void aNewKeyHasARandomSecretOfItsAlgorithmsLengthNamedAfterItsToken() {
        for (TsigAlgorithm algorithm : TsigAlgorithm.values()) {
            TsigSecrets.NewKey key = secrets.newKey(42, algorithm);
            assertEquals(algorithm.secretBytes(), key.secret().length, algorithm.wireName());
            assertTrue(key.name().matches("token-42-[0-9a-f]{10}\\.tsig"), key.name());
            assertArrayEquals(key.secret(), Base64.getDecoder().decode(key.secretBase64()));
        }
        assertEquals(32, TsigAlgorithm.HMAC_SHA256.secretBytes());
        assertEquals(64, TsigAlgorithm.HMAC_SHA512.secretBytes());
        TsigSecrets.NewKey first = secrets.newKey(7, TsigAlgorithm.HMAC_SHA256);
        TsigSecrets.NewKey second = secrets.newKey(7, TsigAlgorithm.HMAC_SHA256);
        assertFalse(first.name().equals(second.name()), "a random label in every name");
        assertFalse(first.secretBase64().equals(second.secretBase64()));
        assertFalse(first.toString().contains(first.secretBase64()), "never the secret in its text");
    }

    @Test
    void theStoredBytesAreNotTheSecretAndOpenOnlyWithTheirKeyUnderTheirName() {
        TsigSecrets.NewKey key = secrets.newKey(1, TsigAlgorithm.HMAC_SHA512);
        String sealed = HexFormat.of().formatHex(key.sealed());
        assertFalse(sealed.contains(HexFormat.of().formatHex(key.secret())), "not stored in the clear");
        assertEquals(12 + 64 + 16, key.sealed().length, "nonce, ciphertext, tag");
        assertArrayEquals(key.secret(), secrets.open(key.name(), key.sealed()).orElseThrow());

        TsigSecrets otherKey = TsigSecrets.withKey(newKeyEncryptionKey());
        assertEquals(Optional.empty(), otherKey.open(key.name(), key.sealed()), "a wrong key cannot read it");
        assertEquals(Optional.empty(), secrets.open("token-2-0000000000.tsig", key.sealed()), "nor another name");
        byte[] tampered = key.sealed().clone();
        tampered[20] ^= 1;
        assertEquals(Optional.empty(), secrets.open(key.name(), tampered));
        assertEquals(Optional.empty(), secrets.open(key.name(), null));
        assertFalse(
                HexFormat.of().formatHex(secrets.seal(key.name(), key.secret())).equals(sealed),
                "a fresh nonce every time");
    }

    @Test
    void withoutAKeyEncryptionKeyNoKeyIsIssuedOrOpened() {
        TsigSecrets.NewKey key = secrets.newKey(3, TsigAlgorithm.HMAC_SHA256);
        for (String setting : new String[] {
            null, "", "   ", "not base64!", Base64.getEncoder().encodeToString(new byte[16])
        }) {
            TsigSecrets unset = TsigSecrets.withKey(setting);
            assertNotNull(unset.problem(), String.valueOf(setting));
            assertFalse(unset.problem().contains(String.valueOf(setting)) && setting != null && setting.length() > 3);
            assertThrows(IllegalStateException.class, () -> unset.newKey(3, TsigAlgorithm.HMAC_SHA256));
            assertEquals(Optional.empty(), unset.open(key.name(), key.sealed()));
        }
        assertNull(secrets.problem());
    }

    @Test
    void algorithmsGoByTheirRfc8945NamesAndAreDnsjavasOwn() {
        assertEquals(Optional.of(TsigAlgorithm.HMAC_SHA256), TsigAlgorithm.ofWireName("hmac-sha256"));
        assertEquals(Optional.of(TsigAlgorithm.HMAC_SHA1), TsigAlgorithm.ofWireName("HMAC-SHA1."));
        assertEquals(Optional.empty(), TsigAlgorithm.ofWireName("hmac-md5"));
        assertEquals(Optional.empty(), TsigAlgorithm.ofWireName("hmac-sha256-128"));
        assertEquals("hmac-sha256, hmac-sha512, hmac-sha384, hmac-sha224, hmac-sha1", TsigAlgorithm.allowed());
        assertEquals(TSIG.HMAC_SHA384, TsigAlgorithm.HMAC_SHA384.dnsName());
    }

    /** What the listener will do: a message a client signed with the key as answered verifies with the key as opened. */
    @Test
    void aMessageSignedWithTheAnsweredKeyVerifiesWithTheOpenedOne() throws Exception {
        TsigSecrets.NewKey key = secrets.newKey(9, TsigAlgorithm.HMAC_SHA256);
        Name name = Name.fromString(key.name(), Name.root);
        TSIG client = new TSIG(TsigAlgorithm.HMAC_SHA256.dnsName(), name, key.secretBase64());
        Update update = new Update(Name.fromString("example.com."));
        update.setTSIG(client);
        byte[] wire = update.toWire(512);

        Message received = new Message(wire);
        TSIG server = new TSIG(
                TsigAlgorithm.HMAC_SHA256.dnsName(),
                name,
                secrets.open(key.name(), key.sealed()).orElseThrow());
        assertEquals(Rcode.NOERROR, server.verify(received, wire, null));

        TSIG wrong = new TSIG(
                TsigAlgorithm.HMAC_SHA256.dnsName(),
                name,
                secrets.newKey(9, TsigAlgorithm.HMAC_SHA256).secret());
        assertEquals(Rcode.BADSIG, wrong.verify(new Message(wire), wire, null));
    }
}
