package net.hostingapi.transfers.control.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.hostingapi.support.NamedCheckzone;
import net.hostingapi.transfers.control.catalog.CatalogMember.Source;
import net.hostingapi.zones.control.masterfile.ZoneFile;
import net.hostingapi.zones.control.settings.ZoneSettings;
import net.hostingapi.zones.entity.Zone;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.Master;
import org.xbill.DNS.NSRecord;
import org.xbill.DNS.Name;
import org.xbill.DNS.PTRRecord;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.Type;

/** The catalog as the publishers render it, read back as a secondary reads it: RFC 9432, version 2. */
class CatalogContentTest {

    private static final String CATALOG = "catalog.hosting.example";

    private static CatalogContent content(List<CatalogMember> members) {
        return new CatalogContent(
                CATALOG,
                CatalogContent.soa("hostmaster@hosting.example"),
                "ns1.hosting.example",
                "ns2.hosting.example",
                members);
    }

    /** The zone file a publisher writes for it, as dnsjava reads it back. */
    private static List<Record> served(Zone zone) throws Exception {
        String text = ZoneFile.render(zone, new ZoneSettings());
        NamedCheckzone.assertLoads(CATALOG, text);
        List<Record> records = new ArrayList<>();
        try (Master master = new Master(
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), Name.fromString(CATALOG + "."))) {
            for (Record r; (r = master.nextRecord()) != null; ) {
                records.add(r);
            }
        }
        return records;
    }

    @Test
    void theCatalogHoldsSoaNsVersionTwoAndOnePtrPerMemberUnderZones() throws Exception {
        CatalogMember shop = CatalogMember.of(Source.ZONE, 7, "shop.example");
        CatalogMember alias = CatalogMember.of(Source.DOMAIN, 3, "shop-alias.example");
        List<Record> records = served(content(List.of(shop, alias)).zone(1_790_000_000L));

        Name apex = Name.fromString(CATALOG + ".");
        SOARecord soa = (SOARecord) records.stream()
                .filter(r -> r.getType() == Type.SOA)
                .findFirst()
                .orElseThrow();
        assertEquals(apex, soa.getName());
        assertEquals(1_790_000_000L, soa.getSerial(), "the serial given, not a zone's YYYYMMDDnn");
        assertEquals(Name.fromString("ns1.hosting.example."), soa.getHost());
        assertEquals(Name.fromString("hostmaster.hosting.example."), soa.getAdmin());
        assertEquals(CatalogContent.REFRESH, soa.getRefresh());
        assertEquals(
                List.of(Name.fromString("ns1.hosting.example."), Name.fromString("ns2.hosting.example.")),
                records.stream()
                        .filter(r -> r.getType() == Type.NS)
                        .map(r -> ((NSRecord) r).getTarget())
                        .toList());

        List<TXTRecord> versions = records.stream()
                .filter(r -> r.getType() == Type.TXT)
                .map(TXTRecord.class::cast)
                .toList();
        assertEquals(1, versions.size(), records.toString());
        assertEquals(
                Name.fromString("version." + CATALOG + "."), versions.get(0).getName());
        assertEquals(List.of("2"), versions.get(0).getStrings());

        Map<Name, Name> members = new TreeMap<>();
        for (Record r : records) {
            if (r.getType() == Type.PTR) {
                assertNull(members.put(r.getName(), ((PTRRecord) r).getTarget()), "one PTR per member label");
            }
        }
        assertEquals(
                Map.of(
                        Name.fromString(shop.label() + ".zones." + CATALOG + "."),
                        Name.fromString("shop.example."),
                        Name.fromString(alias.label() + ".zones." + CATALOG + "."),
                        Name.fromString("shop-alias.example.")),
                members);
        assertEquals(2 + 1 + 1 + 2, records.size(), "nothing else: " + records);
    }

    @Test
    void aCatalogWithoutMembersIsStillAValidCatalog() throws Exception {
        List<Record> records = served(content(List.of()).zone(1));
        assertEquals(
                List.of(Type.SOA, Type.NS, Type.NS, Type.TXT),
                records.stream().map(Record::getType).toList());
    }

    @Test
    void aMembersLabelStaysWhileItsRowLivesAndChangesWithANewOne() {
        CatalogMember first = CatalogMember.of(Source.ZONE, 41, "shop.example");
        assertEquals(first, CatalogMember.of(Source.ZONE, 41, "shop.example"), "the same row: the same label");
        assertTrue(first.label().matches("[0-9a-f]{" + CatalogMember.LABEL_LENGTH + "}"), first.label());
        assertNotEquals(
                first.label(),
                CatalogMember.of(Source.ZONE, 42, "shop.example").label(),
                "the zone deleted and created again: a new row, a new label (RFC 9432 resets the member)");
        assertNotEquals(
                first.label(),
                CatalogMember.of(Source.DOMAIN, 41, "shop.example").label(),
                "a domain's row of the same id is another member");
    }

    @Test
    void theDigestFollowsTheContentNotTheOrderOfTheMembersNorTheSerial() {
        CatalogMember a = CatalogMember.of(Source.ZONE, 1, "a.example");
        CatalogMember b = CatalogMember.of(Source.ZONE, 2, "b.example");
        String both = content(List.of(a, b)).digest();
        assertEquals(both, content(List.of(b, a)).digest(), "members are a set");
        assertNotEquals(both, content(List.of(a)).digest(), "a member removed");
        assertNotEquals(
                both,
                content(List.of(a, b, CatalogMember.of(Source.DOMAIN, 1, "c.example")))
                        .digest(),
                "one added");
        assertNotEquals(
                both,
                content(List.of(a, CatalogMember.of(Source.ZONE, 3, "b.example")))
                        .digest(),
                "a member created again");
        assertNotEquals(
                both,
                new CatalogContent(
                                CATALOG,
                                CatalogContent.soa("hostmaster@hosting.example"),
                                "ns3.hosting.example",
                                "ns2.hosting.example",
                                List.of(a, b))
                        .digest(),
                "another nameserver in the SOA and NS");
    }

    @Test
    void theSerialIsTheTimeOfTheChangeAndNeverGoesBack() {
        assertEquals(1_790_000_000L, CatalogSerial.next(0, 1_790_000_000L), "the first: the time");
        assertEquals(1_790_000_100L, CatalogSerial.next(1_790_000_000L, 1_790_000_100L), "later: the time");
        assertEquals(1_790_000_001L, CatalogSerial.next(1_790_000_000L, 1_790_000_000L), "within the second: one more");
        assertEquals(1_790_000_001L, CatalogSerial.next(1_790_000_000L, 1_789_000_000L), "the clock went back");
    }

    @Test
    void aCatalogNameThatIsNoDnsNameIsRefused() {
        for (String name : List.of("catalog hosting", "", "a..b", "x".repeat(64) + ".example")) {
            assertThrows(IllegalArgumentException.class, () -> content(name), name);
        }
    }

    private static CatalogContent content(String name) {
        return new CatalogContent(
                name, CatalogContent.soa("hostmaster@hosting.example"), "ns1.example", "ns2.example", List.of());
    }
}
