package net.hostingapi.nameserver.control;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.xbill.DNS.DClass;
import org.xbill.DNS.DNSKEYRecord;
import org.xbill.DNS.DSRecord;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;

/**
 * The DNSKEY RRset a nameserver serves for a zone, asked over DNS, with the DS of each key-signing
 * key computed here (dnsjava): so any signing nameserver works, whatever keeps its keys.
 */
final class ServedKeys {

    private ServedKeys() {}

    /** {@code address}: {@code host:port} (NAMESERVER_DNS_ADDRESS). Empty while it serves no DNSKEY for the zone. */
    static List<PublicKey> query(String address, String origin) {
        int colon = address.lastIndexOf(':');
        String host = colon < 0 ? address : address.substring(0, colon);
        int port = colon < 0 ? 53 : Integer.parseInt(address.substring(colon + 1));
        try {
            Name zone = Name.fromString(origin + ".");
            SimpleResolver resolver = new SimpleResolver(new InetSocketAddress(host, port));
            resolver.setTimeout(Duration.ofSeconds(3));
            resolver.setTCP(true); // a DNSKEY RRset with its signatures may not fit in UDP
            Message answer = resolver.send(Message.newQuery(Record.newRecord(zone, Type.DNSKEY, DClass.IN)));
            if (answer.getRcode() != Rcode.NOERROR) {
                return List.of();
            }
            List<PublicKey> keys = new ArrayList<>();
            for (Record record : answer.getSection(Section.ANSWER)) {
                if (record instanceof DNSKEYRecord key && record.getName().equals(zone)) {
                    keys.add(of(zone, key));
                }
            }
            return keys;
        } catch (IOException e) {
            throw new NameserverPublisher.Unavailable(
                    "The nameserver at " + address + " did not answer for the keys of " + origin + ": "
                            + e.getMessage(),
                    e);
        }
    }

    static PublicKey of(Name zone, DNSKEYRecord key) {
        List<String> ds = new ArrayList<>();
        if ((key.getFlags() & DNSKEYRecord.Flags.SEP_KEY) != 0) {
            // DNSSEC.Digest.SHA256 and SHA384
            for (int digest : PublicKey.DIGEST_TYPES) {
                DSRecord record = new DSRecord(zone, DClass.IN, key.getTTL(), digest, key);
                ds.add(PublicKey.ds(
                        record.getFootprint(),
                        record.getAlgorithm(),
                        record.getDigestID(),
                        org.xbill.DNS.utils.base16.toString(record.getDigest())));
            }
        }
        return new PublicKey(key.getFootprint(), key.getAlgorithm(), key.getFlags(), key.rdataToString(), ds);
    }

    /** The key tag of a DNSKEY in presentation form ({@code flags protocol algorithm key}). */
    static int keyTag(String origin, String dnskey) {
        try {
            Name zone = Name.fromString(origin + ".");
            return ((DNSKEYRecord) Record.fromString(zone, Type.DNSKEY, DClass.IN, 3600, dnskey, zone)).getFootprint();
        } catch (IOException e) {
            throw new IllegalArgumentException("Not a DNSKEY: " + dnskey, e);
        }
    }
}
