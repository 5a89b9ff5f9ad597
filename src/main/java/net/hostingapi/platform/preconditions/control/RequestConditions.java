package net.hostingapi.platform.preconditions.control;

import jakarta.enterprise.context.RequestScoped;
import java.util.List;

/**
 * The conditional headers of the request under way, as its filter found them; absent headers
 * leave it empty, and a request without them is answered as if this did not exist.
 */
@RequestScoped
public class RequestConditions {

    private List<EntityTags.Member> ifMatch;
    private List<EntityTags.Member> ifNoneMatch;

    /** A null header: not sent. */
    public void given(String ifMatchHeader, String ifNoneMatchHeader) {
        ifMatch = ifMatchHeader == null ? null : EntityTags.parse(ifMatchHeader);
        ifNoneMatch = ifNoneMatchHeader == null ? null : EntityTags.parse(ifNoneMatchHeader);
    }

    /** If-Match's members, or null when it was not sent. */
    List<EntityTags.Member> ifMatch() {
        return ifMatch;
    }

    /** If-None-Match's members, or null when it was not sent. */
    List<EntityTags.Member> ifNoneMatch() {
        return ifNoneMatch;
    }
}
