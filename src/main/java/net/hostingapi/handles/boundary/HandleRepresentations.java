package net.hostingapi.handles.boundary;

import jakarta.json.JsonObject;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import net.hostingapi.handles.control.Countries;
import net.hostingapi.handles.control.HandleAndMail;
import net.hostingapi.handles.control.HandleMessages;
import net.hostingapi.handles.control.HandleStatistics;
import net.hostingapi.handles.entity.Handle;
import net.hostingapi.handles.entity.Verification;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.envelope.control.Message;
import net.hostingapi.platform.json.control.JsonFields;

/** How handles, countries and handle statistics look on the wire (api.md, Domain handles). */
final class HandleRepresentations {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    private HandleRepresentations() {}

    static JsonObject handle(Handle handle) {
        return JsonFields.object()
                .put("id", handle.id())
                .put("handle", handle.handle())
                .put("type", handle.type().name())
                .put("sex", handle.sex().name())
                .put("firstname", handle.firstname())
                .put("lastname", handle.lastname())
                .put("organisation", handle.organisation())
                .put("street", handle.street())
                .put("number", handle.number())
                .put("postcode", handle.postcode())
                .put("city", handle.city())
                .put("region", handle.region())
                .put("country", handle.country())
                .put("email", handle.email())
                .put("phone", handle.phone())
                .put("fax", handle.fax())
                .put("dateofbirth", handle.dateOfBirth())
                .put("countryofbirth", handle.countryOfBirth())
                .put("user", handle.user() == null ? null : handle.user().username())
                .put(
                        "project_uuid",
                        handle.project() == null ? null : handle.project().uuid())
                .put("verification", verification(handle.verification()))
                .put("created_at", handle.createdAt())
                .put("updated_at", handle.updatedAt())
                .build();
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
        return JsonFields.object()
                .put("state", verification.state().name())
                .put("sent_at", verification.sentAt())
                .put("verified_at", verification.verifiedAt())
                .put("deadline", verification.deadline())
                .build();
    }

    /** What the public confirm link answers: the handle's identifier and verification, none of its personal data. */
    static JsonObject confirmed(Handle handle) {
        return JsonFields.object()
                .put("handle", handle.handle())
                .put("email", handle.email())
                .put("state", handle.verification().state().name())
                .put("verified_at", handle.verification().verifiedAt())
                .build();
    }

    static JsonObject country(Countries.Country country) {
        return JsonFields.object()
                .put("code", country.code())
                .put("title", country.title())
                .build();
    }

    static JsonObject statistics(HandleStatistics statistics) {
        return JsonFields.object()
                .put("total", statistics.total())
                .put("by_type", counts(statistics.byType()))
                .put("by_verification_state", counts(statistics.byVerificationState()))
                .build();
    }

    private static JsonObject counts(Map<? extends Enum<?>, Long> counts) {
        JsonFields object = JsonFields.object();
        counts.forEach((key, count) -> object.put(key.name(), count));
        return object.build();
    }
}
