package net.hostingapi.platform.boundary;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Who made a request, as its log line names it: the account and the database id of the token,
 * never the token's text. Recorded by the authentication mechanism, kept as a request attribute.
 */
public final class RequestCaller {

    private static final String ATTRIBUTE = RequestCaller.class.getName();

    private RequestCaller() {
    }

    public static void record(HttpServletRequest request, long accountId, long tokenId) {
        request.setAttribute(ATTRIBUTE, "account=" + accountId + " tokenId=" + tokenId);
    }

    /** {@code account=12 tokenId=34}, or {@code account=- tokenId=-} for a request without a valid token. */
    public static String describe(HttpServletRequest request) {
        Object caller = request.getAttribute(ATTRIBUTE);
        return caller instanceof String s ? s : "account=- tokenId=-";
    }
}
