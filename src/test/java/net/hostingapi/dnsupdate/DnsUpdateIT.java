package net.hostingapi.dnsupdate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import net.hostingapi.support.Api;
import net.hostingapi.support.Database;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.DnsTestZone;
import net.hostingapi.support.DnsUpdateClient;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.TSIG;
import org.xbill.DNS.TSIGRecord;
import org.xbill.DNS.Type;
import org.xbill.DNS.Update;

/**
 * RFC 2136 UPDATEs signed with a token's TSIG key (issue 58), sent with dnsjava to the service's
 * DNS listener: what the service answers on the wire, and what show and the history then say.
 */
@ServiceTest
@RunAsClient
class DnsUpdateIT {

    @Deployment
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    private DnsTestZone hosted;
    private Api api;
    private String zone;
    private Name origin;

    @BeforeEach
    void zone() {
        hosted = DnsTestZone.create(
                base,
                DnsTestZone.record("www", "A", "192.0.2.1", 3600),
                DnsTestZone.record("www", "A", "192.0.2.2", 3600),
                DnsTestZone.record("mail", "MX", "10 mx.example.net"));
        api = hosted.api();
        zone = hosted.name();
        origin = hosted.origin();
    }

    @Test
    void addReplaceAndDeleteEachKindInOneSerialRaiseEach() throws Exception {
        DnsUpdateClient dns = hosted.newKey();
        long serial = hosted.serial();

        // add two records and delete one in one UPDATE: one change, one serial raise
        Update update = new Update(origin);
        update.add(Name.fromString("txt", origin), Type.TXT, 300, "\"hello world\"");
        update.add(Name.fromString("api", origin), Type.CNAME, 600, "www." + zone + ".");
        update.delete(Name.fromString("www", origin), Type.A, "192.0.2.2");
        Message answer = dns.send(update);
        assertEquals(Rcode.NOERROR, answer.getRcode(), answer.toString());
        assertTrue(answer.isVerified(), "the answer is signed with the key");
        assertEquals(
                List.of(
                        "api CNAME www." + zone + " 600",
                        "mail MX 10 mx.example.net null",
                        "txt TXT hello world 300",
                        "www A 192.0.2.1 3600"),
                hosted.records());
        assertEquals(nextSerial(serial), hosted.serial(), "one serial raise for the whole UPDATE");
        JsonObject entry = hosted.history().getJsonObject(0);
        assertEquals("dns-update", entry.getString("operation"));
        assertEquals("dns-update", entry.getString("via"));
        assertEquals(dns.keyName(), entry.getString("tsig_key"));
        assertEquals("127.0.0.1", entry.getString("address"));
        assertEquals(
                3,
                entry.getJsonArray("added").size()
                        + entry.getJsonArray("removed").size());

        // delete an RRset, then all RRsets of a name
        update = new Update(origin);
        update.delete(Name.fromString("www", origin), Type.A);
        update.delete(Name.fromString("txt", origin));
        answer = dns.send(update);
        assertEquals(Rcode.NOERROR, answer.getRcode(), answer.toString());
        assertEquals(List.of("api CNAME www." + zone + " 600", "mail MX 10 mx.example.net null"), hosted.records());

        // an add of a record present with another TTL: the RRset takes the new TTL
        update = new Update(origin);
        update.add(Name.fromString("mail", origin), Type.MX, 900, "10 mx.example.net.");
        assertEquals(Rcode.NOERROR, dns.send(update).getRcode());
        assertEquals(List.of("api CNAME www." + zone + " 600", "mail MX 10 mx.example.net 900"), hosted.records());

        // a CNAME replaces the name's CNAME
        update = new Update(origin);
        update.add(Name.fromString("api", origin), Type.CNAME, 600, "mail." + zone + ".");
        assertEquals(Rcode.NOERROR, dns.send(update).getRcode());
        assertEquals(List.of("api CNAME mail." + zone + " 600", "mail MX 10 mx.example.net 900"), hosted.records());

        // and the history restores to before the UPDATEs
        JsonArray entries = hosted.history();
        JsonObject creation = entries.getJsonObject(entries.size() - 1);
        assertEquals("create", creation.getString("operation"));
        long first = creation.getJsonNumber("id").longValue();
        Api.Response restored = api.json(
                "POST",
                "/api/v1/dns/zones/restore",
                Json.createObjectBuilder().add("zone", zone).add("entry", first).build());
        assertEquals(200, restored.status(), restored.body());
        assertEquals(
                List.of("mail MX 10 mx.example.net null", "www A 192.0.2.1 3600", "www A 192.0.2.2 3600"),
                hosted.records());
    }

    @Test
    void everyPrerequisiteKindIsCheckedAndAFailedOneAppliesNothing() throws Exception {
        DnsUpdateClient dns = hosted.newKey();
        Name www = Name.fromString("www", origin);
        Name none = Name.fromString("none", origin);
        Object[][] cases = {
            {prerequisite(Type.ANY, DClass.ANY, www), Rcode.NOERROR}, // name in use
            {prerequisite(Type.ANY, DClass.ANY, none), Rcode.NXDOMAIN},
            {prerequisite(Type.ANY, DClass.NONE, none), Rcode.NOERROR}, // name not in use
            {prerequisite(Type.ANY, DClass.NONE, www), Rcode.YXDOMAIN},
            {prerequisite(Type.A, DClass.ANY, www), Rcode.NOERROR}, // RRset exists
            {prerequisite(Type.AAAA, DClass.ANY, www), Rcode.NXRRSET},
            {prerequisite(Type.AAAA, DClass.NONE, www), Rcode.NOERROR}, // RRset does not exist
            {prerequisite(Type.A, DClass.NONE, www), Rcode.YXRRSET},
        };
        for (Object[] c : cases) {
            Update update = new Update(origin);
            update.addRecord((Record) c[0], Section.PREREQ);
            update.add(Name.fromString("probe", origin), Type.TXT, 300, "\"x\"");
            Message answer = dns.send(update);
            assertEquals(c[1], answer.getRcode(), c[0] + ": " + answer);
            assertEquals((int) c[1] == Rcode.NOERROR, hosted.records().contains("probe TXT x 300"), c[0].toString());
            delete("probe");
        }
        // RRset exists with values: the whole RRset, no more and no less
        Update equal = new Update(origin);
        equal.present(www, Type.A, "192.0.2.1");
        equal.present(www, Type.A, "192.0.2.2");
        equal.add(Name.fromString("probe", origin), Type.TXT, 300, "\"x\"");
        assertEquals(Rcode.NOERROR, dns.send(equal).getRcode());
        delete("probe");
        Update partial = new Update(origin);
        partial.present(www, Type.A, "192.0.2.1");
        partial.add(Name.fromString("probe", origin), Type.TXT, 300, "\"x\"");
        assertEquals(Rcode.NXRRSET, dns.send(partial).getRcode());
        assertFalse(hosted.records().contains("probe TXT x 300"));
    }

    @Test
    void wireErrorsAreAnsweredWithTheirCodesAndChangeNothing() throws Exception {
        DnsUpdateClient dns = hosted.newKey();
        List<String> before = hosted.records();
        long serial = hosted.serial();

        Update outside = new Update(origin);
        outside.add(Name.fromString("www.other.example."), Type.A, 300, "192.0.2.9");
        assertEquals(Rcode.NOTZONE, dns.send(outside).getRcode());

        Update soa = new Update(origin);
        soa.delete(origin, Type.SOA);
        assertEquals(Rcode.REFUSED, dns.send(soa).getRcode(), "the SOA is the service's");
        Update ns = new Update(origin);
        ns.add(origin, Type.NS, 300, "ns.evil.example.");
        assertEquals(Rcode.REFUSED, dns.send(ns).getRcode(), "the apex NS are the service's");

        Update unknownType = new Update(origin);
        unknownType.add(Name.fromString("x", origin), Type.HINFO, 300, "\"cpu\" \"os\"");
        assertEquals(Rcode.REFUSED, dns.send(unknownType).getRcode());

        Update lowTtl = new Update(origin);
        lowTtl.add(Name.fromString("x", origin), Type.A, 30, "192.0.2.9");
        assertEquals(Rcode.REFUSED, dns.send(lowTtl).getRcode(), "TTL below 60, as the HTTP API");

        Update cname = new Update(origin);
        cname.add(Name.fromString("www", origin), Type.CNAME, 300, "mail." + zone + ".");
        assertEquals(Rcode.REFUSED, dns.send(cname).getRcode(), "a CNAME shares its name with nothing");

        // all or nothing: a good add before a bad one is not applied either
        Update mixed = new Update(origin);
        mixed.add(Name.fromString("good", origin), Type.A, 300, "192.0.2.10");
        mixed.add(Name.fromString("x", origin), Type.A, 30, "192.0.2.9");
        assertEquals(Rcode.REFUSED, dns.send(mixed).getRcode());

        Update badTtl = new Update(origin);
        badTtl.addRecord(Record.newRecord(Name.fromString("www", origin), Type.A, DClass.ANY, 300), Section.UPDATE);
        assertEquals(Rcode.FORMERR, dns.send(badTtl).getRcode(), "a delete carries TTL 0");

        Update otherZone = new Update(Name.fromString("not-ours.example."));
        otherZone.add(Name.fromString("x.not-ours.example."), Type.A, 300, "192.0.2.9");
        assertEquals(Rcode.REFUSED, dns.send(otherZone).getRcode(), "a zone the key cannot see");

        assertEquals(before, hosted.records());
        assertEquals(serial, hosted.serial());
    }

    @Test
    void signaturesAreCheckedAndRefusalsSigned() throws Exception {
        DnsUpdateClient dns = hosted.newKey();
        List<String> before = hosted.records();
        Update add = new Update(origin);
        add.add(Name.fromString("x", origin), Type.A, 300, "192.0.2.9");

        Message unsigned = dns.sendUnsigned(add);
        assertEquals(Rcode.REFUSED, unsigned.getRcode(), "unsigned UPDATEs are refused");
        assertNull(unsigned.getTSIG());

        Message wrongKey = dns.withKey(new TSIG(TSIG.HMAC_SHA256, Name.fromString("no-such-key.tsig."), new byte[32]))
                .send(add);
        assertEquals(Rcode.NOTAUTH, wrongKey.getRcode());
        assertEquals(Rcode.BADKEY, wrongKey.getTSIG().getError());

        Message wrongSecret = dns.withKey(new TSIG(TSIG.HMAC_SHA256, DnsUpdateClient.name(dns.keyName()), new byte[32]))
                .send(add);
        assertEquals(Rcode.NOTAUTH, wrongSecret.getRcode());
        assertEquals(Rcode.BADSIG, wrongSecret.getTSIG().getError());

        Message late = dns.atClockOffset(Duration.ofMinutes(10)).send(add);
        assertEquals(Rcode.NOTAUTH, late.getRcode());
        TSIGRecord lateSignature = late.getTSIG();
        assertEquals(Rcode.BADTIME, lateSignature.getError());
        assertNotNull(lateSignature.getOther(), "BADTIME names the server's time");
        assertTrue(lateSignature.getSignature().length > 0, "BADTIME is signed");

        assertEquals(before, hosted.records());
    }

    @Test
    void theTokensPolicyAndStateApplyToItsKey() throws Exception {
        // the ACME case: _acme-challenge TXT of this zone only
        DnsUpdateClient acme = DnsUpdateClient.of(hosted.newKeyToken(Json.createObjectBuilder()
                .add("rights", Json.createArrayBuilder().add("DNS_ZONES_CRUD"))
                .add("zones", Json.createArrayBuilder().add(zone))
                .add("names", Json.createArrayBuilder().add("_acme-challenge").add("_acme-challenge.*"))
                .add("types", Json.createArrayBuilder().add("TXT"))));
        Update challenge = new Update(origin);
        challenge.add(Name.fromString("_acme-challenge", origin), Type.TXT, 60, "\"token-value\"");
        assertEquals(Rcode.NOERROR, acme.send(challenge).getRcode());
        assertTrue(hosted.records().contains("_acme-challenge TXT token-value 60"));

        Update address = new Update(origin);
        address.add(Name.fromString("_acme-challenge", origin), Type.A, 60, "192.0.2.66");
        assertEquals(Rcode.REFUSED, acme.send(address).getRcode());
        Update www = new Update(origin);
        www.delete(Name.fromString("www", origin), Type.A);
        assertEquals(Rcode.REFUSED, acme.send(www).getRcode());
        Update wholeName = new Update(origin);
        wholeName.delete(Name.fromString("_acme-challenge", origin));
        assertEquals(Rcode.REFUSED, acme.send(wholeName).getRcode(), "every type of the name: not only TXT");

        // QUERY: the zone's SOA, signed and authoritative, also asked for a name below it (certbot)
        Message soa = acme.query(Name.fromString("_acme-challenge", origin), Type.SOA);
        assertEquals(Rcode.NOERROR, soa.getRcode());
        assertTrue(soa.getHeader().getFlag(Flags.AA));
        assertTrue(soa.isVerified());
        assertEquals(origin, soa.getSection(Section.AUTHORITY).get(0).getName());
        Message apex = acme.query(origin, Type.SOA);
        assertEquals(Type.SOA, apex.getSection(Section.ANSWER).get(0).getType());
        assertEquals(
                Rcode.REFUSED,
                acme.query(Name.fromString("www", origin), Type.A).getRcode(),
                "no resolver");

        Update remove = new Update(origin);
        remove.delete(Name.fromString("_acme-challenge", origin), Type.TXT, "\"token-value\"");
        assertEquals(Rcode.NOERROR, acme.send(remove).getRcode());
        assertFalse(hosted.records().contains("_acme-challenge TXT token-value 60"));

        // a token without DNS_ZONES_CRUD: REFUSED
        DnsUpdateClient reader = DnsUpdateClient.of(hosted.newKeyToken(Json.createObjectBuilder()
                .add("rights", Json.createArrayBuilder().add("DNS_ZONES_LIST"))));
        assertEquals(Rcode.REFUSED, reader.send(challenge).getRcode());
        assertEquals(Rcode.NOERROR, reader.query(origin, Type.SOA).getRcode(), "but it may read the SOA");

        // a token limited to another subnet, and a deactivated one: their keys are unknown (BADKEY)
        DnsUpdateClient elsewhere = DnsUpdateClient.of(hosted.newKeyToken(Json.createObjectBuilder()
                .add("subnets", Json.createArrayBuilder().add("198.51.100.0/24"))));
        assertEquals(Rcode.BADKEY, elsewhere.send(challenge).getTSIG().getError());
        JsonObject token = hosted.newKeyToken();
        DnsUpdateClient deactivated = DnsUpdateClient.of(token);
        assertEquals(Rcode.NOERROR, deactivated.send(challenge).getRcode());
        Api.Response off = api.json(
                "POST",
                "/api/v1/account/users/tokens/" + token.getJsonNumber("id") + "/deactivate",
                Json.createObjectBuilder().build());
        assertEquals(200, off.status(), off.body());
        Message after = deactivated.send(remove);
        assertEquals(Rcode.NOTAUTH, after.getRcode(), "a deactivated token's key is at once unknown");
        assertEquals(Rcode.BADKEY, after.getTSIG().getError());
    }

    /**
     * lego asks the server it updates for the zone of a name with an unsigned SOA query: over UDP
     * the listener answers only the question with TC set (no larger than the query), over TCP the
     * SOA as the zone's public nameservers do; any other unsigned query stays REFUSED.
     */
    @Test
    void unsignedSoaQueriesAreAnsweredOverTcpOnly() throws Exception {
        DnsUpdateClient dns = hosted.newKey();
        Name below = Name.fromString("_acme-challenge.www", origin);

        Message soa = Message.newQuery(Record.newRecord(below, Type.SOA, DClass.IN));
        byte[] query = soa.toWire();
        byte[] udp = dns.raw(query);
        assertTrue(udp.length <= query.length, "no larger than the query over UDP");
        Message truncated = new Message(udp);
        assertTrue(truncated.getHeader().getFlag(Flags.TC));
        assertEquals(Rcode.NOERROR, truncated.getRcode());
        assertEquals(below, truncated.getQuestion().getName());
        assertTrue(truncated.getSection(Section.ANSWER).isEmpty());

        Message enclosing = dns.overTcp().sendUnsigned(soa);
        assertEquals(Rcode.NOERROR, enclosing.getRcode());
        assertTrue(enclosing.getHeader().getFlag(Flags.AA));
        assertTrue(enclosing.getSection(Section.ANSWER).isEmpty(), "not the zone's apex");
        assertEquals(origin, enclosing.getSection(Section.AUTHORITY).get(0).getName());
        Message apex = dns.overTcp().sendUnsigned(Message.newQuery(Record.newRecord(origin, Type.SOA, DClass.IN)));
        assertEquals(Type.SOA, apex.getSection(Section.ANSWER).get(0).getType());
        assertEquals(origin, apex.getSection(Section.ANSWER).get(0).getName());
        assertNull(apex.getTSIG());

        Message address = Message.newQuery(Record.newRecord(Name.fromString("www", origin), Type.A, DClass.IN));
        assertEquals(Rcode.REFUSED, dns.overTcp().sendUnsigned(address).getRcode(), "no public nameserver");
        assertEquals(Rcode.REFUSED, dns.sendUnsigned(address).getRcode());
        Message elsewhere =
                Message.newQuery(Record.newRecord(Name.fromString("not-hosted-here.example."), Type.SOA, DClass.IN));
        assertEquals(Rcode.REFUSED, dns.overTcp().sendUnsigned(elsewhere).getRcode(), "a zone hosted elsewhere");
    }

    @Test
    void anotherAccountsKeySeesNothingOfTheZone() throws Exception {
        Api other = Api.at(base).newCustomer().api();
        DnsUpdateClient stranger = DnsUpdateClient.of(DnsTestZone.newKeyToken(other, Json.createObjectBuilder()));
        Update update = new Update(origin);
        update.add(Name.fromString("x", origin), Type.A, 300, "192.0.2.9");
        Message changed = stranger.send(update);
        Message absent = stranger.send(new Update(Name.fromString("no-zone-at-all.example.")));
        assertEquals(Rcode.REFUSED, changed.getRcode());
        assertEquals(absent.getRcode(), changed.getRcode(), "as a zone that does not exist");
        Message soa = stranger.query(origin, Type.SOA);
        assertEquals(Rcode.REFUSED, soa.getRcode());
        assertEquals(
                Rcode.REFUSED,
                stranger.query(Name.fromString("no-zone-at-all.example."), Type.SOA)
                        .getRcode());
        assertFalse(hosted.records().contains("x A 192.0.2.9 300"));
    }

    /** The HTTP API's limit of records per request (MAX_RECORDS_PER_REQUEST, 1000) holds for an UPDATE too. */
    @Test
    void anUpdateOverTheRecordsPerRequestLimitIsRefusedWhole() throws Exception {
        DnsUpdateClient dns = hosted.newKey().overTcp();
        List<String> before = hosted.records();
        Update many = new Update(origin);
        for (int i = 0; i <= 1000; i++) {
            many.add(Name.fromString("n" + i, origin), Type.A, 300, "192.0.2.1");
        }
        assertEquals(Rcode.REFUSED, dns.send(many).getRcode());
        assertEquals(before, hosted.records(), "not one of the 1,001 records");
        Update fewer = new Update(origin);
        for (int i = 0; i < 1000; i++) {
            fewer.add(Name.fromString("n" + i, origin), Type.A, 300, "192.0.2.1");
        }
        assertEquals(Rcode.NOERROR, dns.send(fewer).getRcode());
        assertEquals(before.size() + 1000, hosted.records().size());
    }

    @Test
    void tcpCarriesSeveralMessagesAndMalformedOnesAreFormerr() throws Exception {
        DnsUpdateClient dns = hosted.newKey();
        Update update = new Update(origin);
        update.add(Name.fromString("tcp", origin), Type.A, 300, "192.0.2.20");
        Message answer = dns.overTcp().send(update);
        assertEquals(Rcode.NOERROR, answer.getRcode());
        assertTrue(hosted.records().contains("tcp A 192.0.2.20 300"));

        byte[] garbage = {0x12, 0x34, 0x28, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x01, 0x02};
        byte[] formerr = dns.raw(garbage);
        assertEquals(12, formerr.length, "no larger than the request");
        Message parsed = new Message(formerr);
        assertEquals(0x1234, parsed.getHeader().getID());
        assertEquals(Rcode.FORMERR, parsed.getRcode());
        assertNull(dns.rawOrNull(new byte[] {1, 2, 3}), "no DNS header: no answer");
    }

    /**
     * An UPDATE that cannot finish in time (the zone's row held by another transaction for 4 s) is
     * answered SERVFAIL, and is not applied once the row is free: its transaction rolled back.
     */
    @Test
    void anUpdateAnsweredServfailIsNeverAppliedLater() throws Exception {
        DnsUpdateClient dns = hosted.newKey();
        Update update = new Update(origin);
        update.add(Name.fromString("late", origin), Type.A, 300, "192.0.2.77");
        long serial = hosted.serial();
        Message answer;
        try (java.sql.Connection holder = Database.connect()) {
            holder.setAutoCommit(false);
            try (var lock = holder.prepareStatement("SELECT id FROM zones WHERE name = ? FOR UPDATE")) {
                lock.setString(1, zone);
                lock.executeQuery().close();
            }
            var release = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
            release.schedule(
                    () -> {
                        holder.rollback();
                        return null;
                    },
                    4,
                    java.util.concurrent.TimeUnit.SECONDS);
            answer = dns.send(update);
            release.shutdown();
            assertTrue(release.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS));
        }
        assertEquals(Rcode.SERVFAIL, answer.getRcode(), answer.toString());
        Thread.sleep(2_000); // the UPDATE's handler has its row now, and its transaction's end
        assertFalse(hosted.records().contains("late A 192.0.2.77 300"), "not applied after its SERVFAIL");
        assertEquals(serial, hosted.serial());
        assertEquals(Rcode.NOERROR, dns.send(update).getRcode(), "the next one is");
        assertTrue(hosted.records().contains("late A 192.0.2.77 300"));
    }

    private void delete(String name) throws Exception {
        Api.Response deleted = api.json(
                "DELETE",
                "/api/v1/dns/zones/records/delete",
                Json.createObjectBuilder()
                        .add("zone", zone)
                        .add(
                                "records",
                                Json.createArrayBuilder()
                                        .add(Json.createObjectBuilder().add("name", name)))
                        .build());
        assertEquals(200, deleted.status(), deleted.body());
    }

    private static Record prerequisite(int type, int dclass, Name name) {
        return Record.newRecord(name, type, dclass, 0);
    }

    private static long nextSerial(long serial) {
        long today = Long.parseLong(java.time.LocalDate.now(java.time.ZoneOffset.UTC)
                        .format(java.time.format.DateTimeFormatter.BASIC_ISO_DATE))
                * 100;
        return Math.max(today + 1, serial + 1);
    }
}
