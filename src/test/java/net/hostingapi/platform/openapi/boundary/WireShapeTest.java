package net.hostingapi.platform.openapi.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonValue;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One declaration writes the payload and names it for the document: both in the same order. */
class WireShapeTest {

    private record Host(Long id, String name, Integer port, Boolean up, LocalDateTime seen, LocalDate born) {}

    private static final WireShape<Host> HOST = WireShape.<Host>named("Host", "A host.")
            .int64("id", Host::id)
            .string("name", Host::name)
            .nullable()
            .integerOrNull("port", Host::port)
            .integer("ttl", h -> 300)
            .bool("up", Host::up)
            .timestamp("seen_at", Host::seen)
            .date("born", Host::born)
            .nullable()
            .strings("aliases", h -> List.of("a", "b"))
            .given("records", "[Record]")
            .optional()
            .elsewhere("dnssec", "DnssecSummary")
            .optional();

    @Test
    void writesTheMembersInTheirDeclaredOrder() {
        Host host = new Host(7L, "ns1", 53, true, LocalDateTime.of(2026, 11, 23, 20, 15), LocalDate.of(2020, 1, 2));
        assertEquals(
                "{\"id\":7,\"name\":\"ns1\",\"port\":53,\"ttl\":300,\"up\":true,\"seen_at\":\"2026-11-23 20:15:00\","
                        + "\"born\":\"2020-01-02\",\"aliases\":[\"a\",\"b\"]}",
                HOST.write(host).toString());
    }

    @Test
    void aNullValueIsWrittenAsNullAnOptionalOneIsLeftOut() {
        Host host = new Host(7L, null, null, null, null, null);
        assertEquals(
                "{\"id\":7,\"name\":null,\"port\":null,\"ttl\":300,\"up\":null,\"seen_at\":null,\"born\":null,"
                        + "\"aliases\":[\"a\",\"b\"],\"records\":[]}",
                HOST.write(host, JsonValue.EMPTY_JSON_ARRAY).toString());
    }

    @Test
    void theNotationNamesEveryMemberTheWriterWritesThenTheOnesWrittenElsewhere() {
        assertEquals(
                List.of(
                        "id:int64",
                        "name:string?",
                        "port:integer",
                        "ttl:integer",
                        "up:boolean",
                        "seen_at:timestamp",
                        "born:date?",
                        "aliases:[string]",
                        "-records:[Record]",
                        "-dnssec:DnssecSummary"),
                HOST.notation());
        assertEquals(
                List.of("id", "name", "port", "ttl", "up", "seen_at", "born", "aliases", "records", "dnssec"),
                HOST.memberNames());
    }
}
