package net.hostingapi.nameserver.control;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Locale;
import net.hostingapi.platform.json.control.JsonFields;

/**
 * A public key the nameserver serves for a zone, in presentation form, with the DS records of it
 * (SHA-256 and SHA-384 only: SHA-1 must not be used, RFC 8624) when it is a key-signing key.
 */
public record PublicKey(int keyTag, int algorithm, int flags, String dnskey, List<String> ds) {

    /** Digest types the API gives: SHA-256 (2) and SHA-384 (4). */
    static final List<Integer> DIGEST_TYPES = List.of(2, 4);

    public JsonObject json() {
        return JsonFields.object()
                .put("key_tag", keyTag)
                .put("algorithm", algorithm)
                .put("flags", flags)
                .put("dnskey", dnskey)
                .put("ds", JsonFields.JSON.createArrayBuilder(ds).build())
                .build();
    }

    static JsonArray json(List<PublicKey> keys) {
        var array = JsonFields.JSON.createArrayBuilder();
        keys.forEach(k -> array.add(k.json()));
        return array.build();
    }

    /** A DS in presentation form with the digest in upper case, its digest in one piece, as dig shows it. */
    static String ds(int keyTag, int algorithm, int digestType, String digestHex) {
        return keyTag + " " + algorithm + " " + digestType + " "
                + digestHex.replaceAll("\\s", "").toUpperCase(Locale.ROOT);
    }
}
