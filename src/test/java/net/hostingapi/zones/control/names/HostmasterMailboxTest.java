package net.hostingapi.zones.control.names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import net.hostingapi.accounts.entity.Account;
import net.hostingapi.support.NamedCheckzone;
import net.hostingapi.zones.control.masterfile.ZoneFile;
import net.hostingapi.zones.control.settings.ZoneSettings;
import net.hostingapi.zones.entity.RecordType;
import net.hostingapi.zones.entity.SoaSettings;
import net.hostingapi.zones.entity.Zone;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every hostmaster the API accepts becomes an RNAME that BIND loads with check-names on fail. */
class HostmasterMailboxTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "hostmaster@hm.example",
                "first.last@hm.example",
                "a+dns@hm.example",
                "$INCLUDE@hm.example",
                "o'brien@hm.example",
                "x_y-z@sub.hm.example",
                "!#$%&'*+/=?^_`{|}~-@hm.example",
                "a.b.c@hm.example"
            })
    void acceptedMailboxesLoadInNamedCheckzone(String hostmaster) throws Exception {
        assertTrue(HostmasterMailbox.Validator.isValid(hostmaster), hostmaster);
        Zone zone = new Zone(
                new Account("acme", false),
                "hm.example",
                "hm.example",
                new SoaSettings(hostmaster, 43200, 7200, 1209600, 300),
                "ns1.hm.example",
                "ns2.hm.example");
        Field id = Zone.class.getDeclaredField("id");
        id.setAccessible(true);
        id.set(zone, 1L);
        zone.add(new net.hostingapi.zones.entity.RecordDraft("ns1", RecordType.A, "192.0.2.1", null), 1);
        zone.add(new net.hostingapi.zones.entity.RecordDraft("ns2", RecordType.A, "192.0.2.2", null), 2);
        NamedCheckzone.assertLoads("hm.example", ZoneFile.render(zone, new ZoneSettings()));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "\"a;b c\"@hm.example",
                "\"x) (y\"@hm.example",
                "\"$INCLUDE /etc/passwd\"@hm.example",
                "ü@hm.example",
                "a\\b@hm.example",
                "\"ab\"@hm.example",
                "a..b@hm.example",
                ".a@hm.example",
                "hostmaster@hm",
                "Name <a@hm.example>"
            })
    void mailboxesNoRnameCanNameAreRefused(String hostmaster) {
        assertFalse(HostmasterMailbox.Validator.isValid(hostmaster), hostmaster);
    }

    @Test
    void localPartsLongerThanALabelAreRefused() {
        assertTrue(HostmasterMailbox.Validator.isValid("a".repeat(63) + "@hm.example"));
        assertFalse(HostmasterMailbox.Validator.isValid("a".repeat(64) + "@hm.example"));
    }

    @Test
    void dotsAndDollarsAreEscaped() {
        assertEquals("first\\.last.hm.example.", HostmasterMailbox.Validator.rname("first.last@hm.example"));
        assertEquals("\\$INCLUDE.hm.example.", HostmasterMailbox.Validator.rname("$INCLUDE@hm.example"));
    }
}
