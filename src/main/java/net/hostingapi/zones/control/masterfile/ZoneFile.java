package net.hostingapi.zones.control.masterfile;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.hostingapi.zones.control.names.HostmasterMailbox;
import net.hostingapi.zones.control.records.RecordData;
import net.hostingapi.zones.control.settings.ZoneSettings;
import net.hostingapi.zones.entity.Zone;
import net.hostingapi.zones.entity.ZoneRecord;

/**
 * A zone as an RFC 1035 master file: SOA and NS first, then the records in presentation format.
 * HTTP_REDIRECT and HTTP_FRAME names point at the web forwarder (A, and AAAA when configured).
 * Every value was validated when stored, and no field can hold a control character, so nothing a
 * client sent can add a line.
 */
public final class ZoneFile {

    private ZoneFile() {}

    /** The zone under its own name. */
    public static String render(Zone zone, ZoneSettings settings) {
        return render(zone, zone.name(), settings);
    }

    /** The zone's records under {@code origin}: its own name or a domain assigned to it. */
    public static String render(Zone zone, String origin, ZoneSettings settings) {
        StringBuilder file = new StringBuilder();
        file.append("; ")
                .append(origin)
                .append(" (zone ")
                .append(zone.name())
                .append("), serial ")
                .append(zone.serial())
                .append('\n');
        file.append("$ORIGIN ").append(origin).append(".\n");
        file.append("$TTL ").append(zone.ttl()).append('\n');
        line(file, "@", zone.ttl(), "SOA", soaData(zone));
        for (String nameserver : nameservers(zone)) {
            line(file, "@", zone.ttl(), "NS", nameserver);
        }
        // Two TXT rows stored before quoted data was read as presentation format ("abc" and abc) may
        // now be one record: it is written once.
        Set<String> written = new HashSet<>();
        for (ZoneRecord record : zone.records()) {
            for (String[] published : published(record, settings)) {
                if (written.add(record.name() + ' ' + published[0] + ' ' + published[1])) {
                    line(file, record.name(), record.effectiveTtl(), published[0], published[1]);
                }
            }
        }
        return file.toString();
    }

    /** The SOA's rdata, from the zone's settings: primary nameserver, hostmaster mailbox, serial, timers. */
    public static String soaData(Zone zone) {
        return absolute(zone.nsFirst()) + " " + mailbox(zone.hostmaster()) + " " + zone.serial() + " " + zone.refresh()
                + " " + zone.retry() + " " + zone.expire() + " " + zone.ttl();
    }

    /** The apex NS records every zone is published with. */
    public static List<String> nameservers(Zone zone) {
        return List.of(absolute(zone.nsFirst()), absolute(zone.nsSecond()));
    }

    /** The (type, rdata) pairs a record is published as. */
    public static List<String[]> published(ZoneRecord record, ZoneSettings settings) {
        if (record.type().isDnsType()) {
            return List.<String[]>of(
                    new String[] {record.type().name(), RecordData.presentation(record.type(), record.data())});
        }
        Optional<String> ipv6 = settings.webForwardIpv6();
        return ipv6.isPresent()
                ? List.of(new String[] {"A", settings.webForwardIpv4()}, new String[] {"AAAA", ipv6.get()})
                : List.<String[]>of(new String[] {"A", settings.webForwardIpv4()});
    }

    private static void line(StringBuilder file, String name, int ttl, String type, String data) {
        file.append(name)
                .append('\t')
                .append(ttl)
                .append("\tIN\t")
                .append(type)
                .append('\t')
                .append(data)
                .append('\n');
    }

    static String absolute(String host) {
        return host.endsWith(".") ? host : host + ".";
    }

    /** The hostmaster as the SOA's RNAME: {@code first.last@example.com} is {@code first\.last.example.com.} */
    static String mailbox(String email) {
        return HostmasterMailbox.Validator.rname(email);
    }
}
