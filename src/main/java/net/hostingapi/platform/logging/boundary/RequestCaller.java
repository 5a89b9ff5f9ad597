package net.hostingapi.platform.logging.boundary;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Who made a request, as its log line names it: the account and the database id of the token,
 * never the token's text. Recorded by the authentication module, kept as a request attribute.
 */
public final class RequestCaller {

    private static final String ATTRIBUTE = RequestCaller.class.getName();

    private record Caller(long accountId, long tokenId) {}

    private RequestCaller() {}

    public static void record(HttpServletRequest request, long accountId, long tokenId) {
        request.setAttribute(ATTRIBUTE, new Caller(accountId, tokenId));
    }

    /** {@code account=12 tokenId=34}, or {@code account=- tokenId=-} for a request without a valid token. */
    public static String describe(HttpServletRequest request) {
        return request.getAttribute(ATTRIBUTE) instanceof Caller c
                ? "account=" + c.accountId() + " tokenId=" + c.tokenId()
                : "account=- tokenId=-";
    }

    public static Long accountOf(HttpServletRequest request) {
        return request.getAttribute(ATTRIBUTE) instanceof Caller c ? c.accountId() : null;
    }

    public static Long tokenIdOf(HttpServletRequest request) {
        return request.getAttribute(ATTRIBUTE) instanceof Caller c ? c.tokenId() : null;
    }
}
