package net.hostingapi.zones.control.records;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import net.hostingapi.platform.validation.control.Characters;
import net.hostingapi.platform.validation.control.ControlCharacters;
import net.hostingapi.zones.control.names.DomainLabels;
import net.hostingapi.zones.entity.RecordType;
import net.hostingapi.zones.entity.TxtData;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.Address;
import org.xbill.DNS.CAARecord;
import org.xbill.DNS.CNAMERecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.DSRecord;
import org.xbill.DNS.MXRecord;
import org.xbill.DNS.NSRecord;
import org.xbill.DNS.Name;
import org.xbill.DNS.PTRRecord;
import org.xbill.DNS.Record;
import org.xbill.DNS.SRVRecord;
import org.xbill.DNS.TLSARecord;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.Tokenizer;
import org.xbill.DNS.Type;

/**
 * The {@code dns_data} rule: record data is parsed as its type's RFC presentation format by
 * dnsjava (not by home-made regexes) and stored in one normalised spelling, so identical records
 * compare equal and a zone file written from stored data always loads.
 *
 * <p>Normalised forms: host names fully qualified, lower case, IDN as A-labels, <em>without</em>
 * trailing dot (at least two labels; {@link #presentation} adds the dot); AAAA compressed lower
 * case (RFC 5952); CAA, TLSA and DS as dnsjava prints them ({@code 0 issue "ca.example"}, hex in
 * upper case; a CAA value not in quotes is the rest of the data as one string); TXT in the
 * canonical form of {@link TxtData} (plain text as given, quoted data read as presentation
 * format); HTTP URLs as given without surrounding spaces. Host names
 * in MX, SRV and NS must be LDH host names; CNAME and PTR targets may also hold service labels
 * ({@code s1._domainkey.mail.example}, DNS-SD). The null MX and SRV target {@code .} are not
 * supported.
 */
public final class RecordData {

    /** Bound on TXT data as given; far above what any real TXT record needs. */
    public static final int MAX_TXT_LENGTH = 4096;

    private RecordData() {}

    /**
     * Checks {@code data} against {@code type} and returns its normalised form.
     *
     * @throws IllegalArgumentException with a short message saying what the data must be
     */
    public static String validate(RecordType type, String data) {
        if (data == null || data.isBlank()) {
            throw new IllegalArgumentException("must not be empty");
        }
        if (ControlCharacters.containsAny(data)) {
            throw new IllegalArgumentException("must not contain control characters (such as line breaks)");
        }
        return switch (type) {
            case A -> ipv4(data.strip());
            case AAAA -> ipv6(data.strip());
            case CNAME -> host(((CNAMERecord) parse(type, asciiTokens(data), "a host name")).getTarget(), true);
            case NS -> host(((NSRecord) parse(type, asciiTokens(data), "a host name")).getTarget(), false);
            case PTR -> host(((PTRRecord) parse(type, asciiTokens(data), "a host name")).getTarget(), true);
            case MX -> {
                MXRecord mx = (MXRecord) parse(type, asciiTokens(data), "\"preference host\", preference 0..65535");
                yield mx.getPriority() + " " + host(mx.getTarget(), false);
            }
            case SRV -> {
                SRVRecord srv =
                        (SRVRecord) parse(type, asciiTokens(data), "\"priority weight port target\", numbers 0..65535");
                yield srv.getPriority() + " " + srv.getWeight() + " " + srv.getPort() + " "
                        + host(srv.getTarget(), false);
            }
            case TXT -> txt(data);
            case CAA -> caa(data);
            case TLSA -> tlsa(data);
            case DS -> ds(data);
            case HTTP_REDIRECT, HTTP_FRAME -> httpUrl(data.strip());
        };
    }

    /**
     * What goes into the RDATA column of an RFC 1035 zone file: host names with trailing dot,
     * TXT as quoted strings ({@link #txtPresentation}). The data is validated first.
     *
     * @throws IllegalArgumentException for invalid data, and for HTTP_FRAME and HTTP_REDIRECT,
     *                                  which are no DNS types: the caller publishes them as the
     *                                  web forwarder's address records instead
     */
    public static String presentation(RecordType type, String data) {
        if (!type.isDnsType()) {
            throw new IllegalArgumentException(type + " is not a DNS record type");
        }
        String normalized = validate(type, data);
        return switch (type) {
            case TXT -> TxtData.zoneFile(TxtData.strings(normalized));
            case CNAME, NS, PTR -> normalized + ".";
            case MX, SRV -> parse(type, normalized, "").rdataToString();
            default -> normalized;
        };
    }

    /** TXT data as the character-strings published ({@link TxtData#strings}); the data is validated first. */
    public static List<byte[]> txtStrings(String data) {
        return TxtData.strings(txt(data));
    }

    /** TXT data as a zone file writes it ({@link TxtData#zoneFile}): plain ASCII. */
    public static String txtPresentation(String data) {
        return TxtData.zoneFile(txtStrings(data));
    }

    /** The type of a record read from a zone file or a DNS message; null for a type the API does not know. */
    public static RecordType typeOf(Record record) {
        try {
            RecordType type = RecordType.valueOf(Type.string(record.getType()));
            return type.isDnsType() ? type : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The record's data in the spelling create takes (host names without the final dot, TXT in its canonical form). */
    public static String of(Record record) {
        if (record instanceof ARecord a) {
            return a.getAddress().getHostAddress();
        }
        if (record instanceof CNAMERecord cname) {
            return cname.getTarget().toString(true);
        }
        if (record instanceof NSRecord ns) {
            return ns.getTarget().toString(true);
        }
        if (record instanceof PTRRecord ptr) {
            return ptr.getTarget().toString(true);
        }
        if (record instanceof MXRecord mx) {
            return mx.getPriority() + " " + mx.getTarget().toString(true);
        }
        if (record instanceof SRVRecord srv) {
            return srv.getPriority() + " " + srv.getWeight() + " " + srv.getPort() + " "
                    + srv.getTarget().toString(true);
        }
        if (record instanceof TXTRecord txt) {
            // the strings as they are: joined, "a" "b" would become the other record "ab"
            return TxtData.canonical(txt.getStringsAsByteArrays());
        }
        return record.rdataToString();
    }

    /** Parses presentation format with dnsjava; relative names are taken as fully qualified (origin is the root). */
    private static Record parse(RecordType type, String data, String expected) {
        if (!data.chars().allMatch(c -> c < 0x80)) {
            throw new IllegalArgumentException("must be " + expected + ", in ASCII");
        }
        try {
            return Record.fromString(Name.root, Type.value(type.name()), DClass.IN, 300, tokens(data), Name.root);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("must be " + expected);
        }
    }

    /**
     * dnsjava's {@code Tokenizer(String)} reads through a buffer of 8 KiB, most of it unused by a
     * record's data: a zone of 1,000 records, parsed when it is checked and again when it is
     * published, allocated some 16 MB for it, which the garbage collector then cost each create.
     */
    private static Tokenizer tokens(String ascii) {
        byte[] bytes = ascii.getBytes(StandardCharsets.US_ASCII);
        return new Tokenizer(new BufferedInputStream(new ByteArrayInputStream(bytes), Math.max(1, bytes.length)));
    }

    /**
     * For types whose data is numbers and one host name: converts each whitespace-separated token
     * holding non-ASCII characters to its IDNA A-label form (dnsjava would take UTF-8 bytes literally).
     */
    private static String asciiTokens(String data) {
        StringBuilder out = new StringBuilder();
        for (String token : data.strip().split("\\s+")) {
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append(token.chars().allMatch(c -> c < 0x80) ? token : DomainLabels.toAscii(token));
        }
        return out.toString();
    }

    private static String host(Name target, boolean serviceLabels) {
        String name = target.toString(true).toLowerCase(Locale.ROOT);
        try {
            return DomainLabels.checkDomain(name, serviceLabels);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "must be a fully qualified host name (" + name + " " + e.getMessage() + ")");
        }
    }

    private static String ipv4(String data) {
        if (!Address.isDottedQuad(data)) {
            throw new IllegalArgumentException("must be an IPv4 address like 192.0.2.1");
        }
        return Address.toDottedQuad(Address.toByteArray(data, Address.IPv4));
    }

    /** An IPv6 address in RFC 5952 form: lower-case hex, longest run of two or more zero groups as {@code ::}. */
    private static String ipv6(String data) {
        byte[] bytes = Address.toByteArray(data, Address.IPv6);
        if (bytes == null) {
            throw new IllegalArgumentException("must be an IPv6 address like 2001:db8::1");
        }
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = ((bytes[2 * i] & 0xff) << 8) | (bytes[2 * i + 1] & 0xff);
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; i++) {
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = Math.max(i, j);
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                out.append("::");
                i += bestLength - 1;
                continue;
            }
            if (!out.isEmpty() && out.charAt(out.length() - 1) != ':') {
                out.append(':');
            }
            out.append(Integer.toHexString(groups[i]));
        }
        return out.toString();
    }

    private static String txt(String data) {
        if (Characters.Validator.count(data) > MAX_TXT_LENGTH) {
            throw new IllegalArgumentException("must be at most " + MAX_TXT_LENGTH + " characters long");
        }
        if (!StandardCharsets.UTF_8.newEncoder().canEncode(data)) {
            throw new IllegalArgumentException("must be valid Unicode text");
        }
        String canonical = TxtData.canonical(data);
        if (Characters.Validator.count(canonical) > MAX_TXT_LENGTH) {
            throw new IllegalArgumentException(
                    "must be at most " + MAX_TXT_LENGTH + " characters long, as the record is shown");
        }
        return canonical;
    }

    /**
     * A quoted value is presentation format (dnsjava reads it); an unquoted one is the rest of the
     * data as one plain string ({@code 0 issue ca.example; account=1}), where dnsjava would stop at
     * the first space or take {@code ;} as the start of a comment and drop the rest.
     */
    private static String caa(String data) {
        String expected = "flags tag \"value\", like 0 issue \"ca.example\"";
        String[] parts = data.strip().split("\\s+", 3);
        String presentation = parts.length == 3 && !parts[2].startsWith("\"")
                ? parts[0] + " " + parts[1] + " \""
                        + parts[2].replace("\\", "\\\\").replace("\"", "\\\"") + "\""
                : data;
        CAARecord caa = (CAARecord) parse(RecordType.CAA, presentation, expected);
        String tag = caa.getTag().toLowerCase(Locale.ROOT);
        // RFC 8659 4.1: the tag is 1..15 ASCII letters and digits
        if (!tag.matches("[a-z0-9]{1,15}")) {
            throw new IllegalArgumentException("must be " + expected + "; the tag of letters and digits");
        }
        return new CAARecord(Name.root, DClass.IN, 300, caa.getFlags(), tag, caa.getValue()).rdataToString();
    }

    private static String tlsa(String data) {
        TLSARecord tlsa = (TLSARecord)
                parse(RecordType.TLSA, data, "\"usage selector matchingtype hex\", like 3 1 1 <sha-256 in hex>");
        int expectedBytes = switch (tlsa.getMatchingType()) {
            case 1 -> 32; // SHA-256
            case 2 -> 64; // SHA-512
            default -> -1;
        };
        checkDigestLength(
                tlsa.getCertificateAssociationData(),
                expectedBytes,
                "the certificate association data",
                "matching type");
        return tlsa.rdataToString();
    }

    private static String ds(String data) {
        DSRecord ds = (DSRecord)
                parse(RecordType.DS, data, "\"keytag algorithm digesttype hex\", like 12345 13 2 <sha-256 in hex>");
        int expectedBytes = switch (ds.getDigestID()) {
            case DSRecord.SHA1_DIGEST_ID -> 20;
            case DSRecord.SHA256_DIGEST_ID -> 32;
            case DSRecord.SHA384_DIGEST_ID -> 48;
            default -> -1;
        };
        checkDigestLength(ds.getDigest(), expectedBytes, "the digest", "digest type");
        return ds.rdataToString();
    }

    /** Known digest algorithms fix the length; a truncated or padded hash is a typo the nameserver would publish. */
    private static void checkDigestLength(byte[] digest, int expectedBytes, String what, String typeField) {
        if (digest == null || digest.length == 0) {
            throw new IllegalArgumentException("must end in " + what + " in hex");
        }
        if (expectedBytes > 0 && digest.length != expectedBytes) {
            throw new IllegalArgumentException(
                    "must have " + what + " of " + expectedBytes + " bytes for its " + typeField);
        }
    }

    private static String httpUrl(String data) {
        String expected = "an absolute http or https URL with a host, like https://www.example.com/";
        if (data.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("must be " + expected + ", without spaces");
        }
        try {
            URI uri = new URI(data);
            String scheme = uri.getScheme();
            if (scheme == null
                    || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
                    || uri.getHost() == null
                    || uri.getHost().isEmpty()) {
                throw new IllegalArgumentException("must be " + expected);
            }
            return data;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("must be " + expected);
        }
    }
}
