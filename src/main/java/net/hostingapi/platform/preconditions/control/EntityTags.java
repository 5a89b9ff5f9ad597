package net.hostingapi.platform.preconditions.control;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Entity tags as RFC 9110 (section 8.8.3) writes them, the lists If-Match and If-None-Match carry
 * (section 13.1), and the two comparisons: strong for If-Match, weak for If-None-Match. A member of
 * a list that is no entity tag matches nothing: a malformed If-Match so fails (412), a malformed
 * If-None-Match never answers 304; neither is a 400, since no client can be helped by one.
 */
public final class EntityTags {

    private EntityTags() {}

    /** One member of a list: {@code *} (any current representation) or a tag, weak or strong, with its quotes. */
    public record Member(boolean any, boolean weak, String opaque) {

        static final Member ANY = new Member(true, false, null);
    }

    /**
     * A strong tag (quoted, as the header carries it) made from the values that decide a
     * representation: equal values give equal tags, different ones (practically) never.
     */
    public static String strong(Object... parts) {
        StringBuilder text = new StringBuilder();
        for (Object part : parts) {
            // length-prefixed: ("ab", "c") and ("a", "bc") differ
            String value = String.valueOf(part);
            text.append(value.length()).append(':').append(value).append('|');
        }
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            // 120 bits: a collision between two states of one object is out of reach
            return '"'
                    + Base64.getUrlEncoder()
                            .withoutPadding()
                            .encodeToString(digest)
                            .substring(0, 20)
                    + '"';
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /**
     * The members of an If-Match or If-None-Match value (several header lines joined with commas).
     * Members that are no entity tag are left out.
     */
    public static List<Member> parse(String header) {
        List<Member> members = new ArrayList<>();
        if (header == null) {
            return members;
        }
        int at = 0;
        int length = header.length();
        while (at < length) {
            char c = header.charAt(at);
            if (c == ' ' || c == '\t' || c == ',') {
                at++;
                continue;
            }
            if (c == '*') {
                members.add(Member.ANY);
                at = skipMember(header, at + 1);
                continue;
            }
            boolean weak = false;
            int start = at;
            if (header.startsWith("W/", at)) {
                weak = true;
                start = at + 2;
            }
            if (start < length && header.charAt(start) == '"') {
                int end = header.indexOf('"', start + 1);
                if (end > start && opaque(header, start + 1, end) && endsMember(header, end + 1)) {
                    members.add(new Member(false, weak, header.substring(start, end + 1)));
                    at = end + 1;
                    continue;
                }
            }
            at = skipMember(header, at + 1);
        }
        return members;
    }

    /** RFC 9110's etagc: %x21 / %x23-7E / obs-text. */
    private static boolean opaque(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < 0x21 || c == 0x7f || (c > 0xff)) {
                return false;
            }
        }
        return true;
    }

    private static boolean endsMember(String text, int at) {
        while (at < text.length() && (text.charAt(at) == ' ' || text.charAt(at) == '\t')) {
            at++;
        }
        return at == text.length() || text.charAt(at) == ',';
    }

    /** Past the next comma: the rest of a member that is no entity tag. */
    private static int skipMember(String text, int at) {
        int comma = text.indexOf(',', at);
        return comma < 0 ? text.length() : comma + 1;
    }

    /**
     * If-Match (RFC 9110, 13.1.1): true when the list holds {@code *} or a strong tag equal to
     * {@code current}. A weak tag never matches; nor does anything when there is no current tag
     * (the object does not exist).
     */
    public static boolean matchesStrongly(List<Member> members, String current) {
        if (current == null) {
            return false;
        }
        for (Member member : members) {
            if (member.any() || !member.weak() && member.opaque().equals(current)) {
                return true;
            }
        }
        return false;
    }

    /**
     * If-None-Match (RFC 9110, 13.1.2): true when the list holds {@code *} or a tag, weak or strong,
     * whose opaque part equals {@code current}'s: the caller's copy is current.
     */
    public static boolean matchesWeakly(List<Member> members, String current) {
        if (current == null) {
            return false;
        }
        for (Member member : members) {
            if (member.any() || member.opaque().equals(current)) {
                return true;
            }
        }
        return false;
    }
}
