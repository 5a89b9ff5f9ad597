package net.hostingapi.platform.envelope.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.json.control.JsonText;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.zones.control.ZoneMessages;
import org.junit.jupiter.api.Test;

/** A payload that comes written out must give the same envelope as the same payload as JSON-P objects. */
class EnvelopeTextTest {

    private static final JsonObject ZONE = JsonFields.object()
            .put("name", "example.org")
            .put("data", "\"data\":null}")
            .build();

    @Test
    void writtenOutDataGivesTheSameEnvelope() {
        assertEquals(
                EnvelopeFilter.envelopeText(Reply.ok(CommonMessages.OK, "zone", ZONE), "id-1", "client \"7\""),
                EnvelopeFilter.envelopeText(
                        Reply.ok(CommonMessages.OK, "zone", JsonText.of(ZONE)), "id-1", "client \"7\""));
        assertEquals(
                EnvelopeFilter.envelopeText(Reply.created(ZoneMessages.ZONE_CREATED, "zone", ZONE), "id-2", null),
                EnvelopeFilter.envelopeText(
                        Reply.created(ZoneMessages.ZONE_CREATED, "zone", JsonText.of(ZONE)), "id-2", null));
    }

    @Test
    void warningsAddedLaterStillAppear() {
        Message warning = Message.of(CommonMessages.OK);
        assertEquals(
                EnvelopeFilter.envelopeText(
                        Reply.ok(CommonMessages.OK, "zone", ZONE).warn(warning), "id", null),
                EnvelopeFilter.envelopeText(
                        Reply.ok(CommonMessages.OK, "zone", JsonText.of(ZONE)).warn(warning), "id", null));
    }

    @Test
    void anErrorHasNullData() {
        String error = EnvelopeFilter.envelopeText(Reply.error(ApiException.notFound("Zone")), "id", null);
        assertTrue(error.endsWith("\"data\":null}"), error);
    }
}
