package net.hostingapi.handles.boundary;

import jakarta.json.JsonObject;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import net.hostingapi.handles.control.Countries;
import net.hostingapi.handles.control.HandleAndMail;
import net.hostingapi.handles.control.HandleMessages;
import net.hostingapi.handles.control.HandleStatistics;
import net.hostingapi.handles.entity.Handle;
import net.hostingapi.handles.entity.Verification;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.messages.control.Message;
import net.hostingapi.platform.openapi.boundary.WireShape;
import net.hostingapi.platform.openapi.boundary.WireShapes;

/**
 * How handles, countries and handle statistics look on the wire (api.md, Domain handles), each
 * payload declared once as a {@link WireShape} that writes it and describes it in the OpenAPI document.
 */
public final class HandleRepresentations implements WireShapes {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    private static final WireShape<Verification> VERIFICATION = WireShape.<Verification>named(
                    "Verification", "The e-mail verification of a handle: PENDING, VERIFIED or EXPIRED.")
            .string("state", v -> v.state().name())
            .timestamp("sent_at", Verification::sentAt)
            .nullable()
            .timestamp("verified_at", Verification::verifiedAt)
            .nullable()
            .timestamp("deadline", Verification::deadline)
            .nullable();

    private static final WireShape<Handle> HANDLE = WireShape.<Handle>named("Handle", "A domain handle (contact).")
            .int64("id", Handle::id)
            .string("handle", Handle::handle)
            .string("type", h -> h.type().name())
            .string("sex", h -> h.sex().name())
            .string("firstname", Handle::firstname)
            .string("lastname", Handle::lastname)
            .string("organisation", Handle::organisation)
            .nullable()
            .string("street", Handle::street)
            .string("number", Handle::number)
            .string("postcode", Handle::postcode)
            .string("city", Handle::city)
            .string("region", Handle::region)
            .string("country", Handle::country)
            .string("email", Handle::email)
            .string("phone", Handle::phone)
            .string("fax", Handle::fax)
            .nullable()
            .date("dateofbirth", Handle::dateOfBirth)
            .nullable()
            .string("countryofbirth", Handle::countryOfBirth)
            .nullable()
            .string("user", h -> h.user() == null ? null : h.user().username())
            .nullable()
            .string(
                    "project_uuid",
                    h -> h.project() == null ? null : h.project().uuid())
            .nullable()
            .json("verification", "Verification", h -> VERIFICATION.write(h.verification()))
            .timestamp("created_at", Handle::createdAt)
            .timestamp("updated_at", Handle::updatedAt);

    private static final WireShape<Handle> CONFIRMED = WireShape.<Handle>named(
                    "ConfirmedVerification",
                    "What the public confirmation link answers: no personal data beyond the e-mail address.")
            .string("handle", Handle::handle)
            .string("email", Handle::email)
            .string("state", h -> h.verification().state().name())
            .timestamp("verified_at", h -> h.verification().verifiedAt())
            .nullable();

    private static final WireShape<Countries.Country> COUNTRY = WireShape.<Countries.Country>named(
                    "Country", "An ISO 3166-1 alpha-2 country.")
            .string("code", Countries.Country::code)
            .string("title", Countries.Country::title);

    private static final WireShape<HandleStatistics> STATISTICS = WireShape.<HandleStatistics>named(
                    "HandleStatistics", "Counts over the caller's handles.")
            .int64("total", HandleStatistics::total)
            .json("by_type", "{int64}", s -> counts(s.byType()))
            .json("by_verification_state", "{int64}", s -> counts(s.byVerificationState()));

    /** For {@link java.util.ServiceLoader} only (META-INF/services): the payloads are static. */
    public HandleRepresentations() {}

    @Override
    public List<WireShape<?>> shapes() {
        return List.of(HANDLE, VERIFICATION, CONFIRMED, COUNTRY, STATISTICS);
    }

    static JsonObject handle(Handle handle) {
        return HANDLE.write(handle);
    }

    /**
     * The reply, with a warning if the verification mail is held back by its address's limit: the
     * handle is stored, the mail goes at the time the warning names (also the verification's {@code sent_at}).
     */
    static Reply withMailNotice(Reply reply, HandleAndMail result) {
        result.mailHeldUntil()
                .ifPresent(until -> reply.warn(Message.of(
                        HandleMessages.VERIFICATION_MAIL_DEFERRED,
                        "The address has had as many verification mails as it may get for now; this one is sent at "
                                + until.format(TIMESTAMP) + " UTC")));
        return reply;
    }

    static JsonObject verification(Verification verification) {
        return VERIFICATION.write(verification);
    }

    /** What the public confirm link answers: the handle's identifier and verification, none of its personal data. */
    static JsonObject confirmed(Handle handle) {
        return CONFIRMED.write(handle);
    }

    static JsonObject country(Countries.Country country) {
        return COUNTRY.write(country);
    }

    static JsonObject statistics(HandleStatistics statistics) {
        return STATISTICS.write(statistics);
    }

    private static JsonObject counts(Map<? extends Enum<?>, Long> counts) {
        JsonFields object = JsonFields.object();
        counts.forEach((key, count) -> object.put(key.name(), count));
        return object.build();
    }
}
