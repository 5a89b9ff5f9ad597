package net.hostingapi.platform.preconditions.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.messages.control.Message;

/**
 * What a service asks about the request's conditions, with the object's current tag in hand:
 * a writer under the object's row lock, in its transaction (so of two writers holding one tag
 * exactly one passes), a reader before it renders. Outside a request (a DNS UPDATE, a timer)
 * there are no conditions.
 */
@ApplicationScoped
public class Preconditions {

    /** The envelope's field of a refusal: the header it concerns. */
    public static final String IF_MATCH = "If-Match";

    @Inject
    RequestConditions request;

    /** Whether the request sent If-Match: only then is a current tag worth computing. */
    public boolean ifMatchGiven() {
        return ifMatch() != null;
    }

    /**
     * Refuses (412 PRECONDITION_FAILED, nothing of the request stored) unless If-Match is absent or
     * matches {@code current} (RFC 9110, strong comparison). The refusal carries the current tag
     * in its ETag header and at the end of its message; {@code what} names the object.
     */
    public void requireMatch(String what, String current) {
        List<EntityTags.Member> members = ifMatch();
        if (members == null || EntityTags.matchesStrongly(members, current)) {
            return;
        }
        throw new ApiException(
                412,
                List.of(Message.forField(
                        CommonMessages.PRECONDITION_FAILED,
                        IF_MATCH,
                        "The " + what + " was changed since the entity tag given in If-Match (by someone else,"
                                + " or by an earlier request); nothing was changed. Its current tag: " + current)),
                Map.of("ETag", current));
    }

    /** Refuses (412) a request with If-Match to an object that does not exist yet (it is being created). */
    public void requireNoIfMatch(String what) {
        if (ifMatch() != null) {
            throw new ApiException(
                    412,
                    Message.forField(
                            CommonMessages.PRECONDITION_FAILED,
                            IF_MATCH,
                            "The " + what + " does not exist, so no entity tag given in If-Match matches it;"
                                    + " nothing was changed"));
        }
    }

    /** Whether If-None-Match names {@code current} (weak comparison): the caller's copy is current, 304. */
    public boolean notModified(String current) {
        List<EntityTags.Member> members;
        try {
            members = request.ifNoneMatch();
        } catch (ContextNotActiveException e) {
            return false;
        }
        return members != null && EntityTags.matchesWeakly(members, current);
    }

    private List<EntityTags.Member> ifMatch() {
        try {
            return request.ifMatch();
        } catch (ContextNotActiveException e) {
            return null;
        }
    }
}
