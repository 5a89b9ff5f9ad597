package net.hostingapi.accounts.boundary;

import jakarta.servlet.http.HttpServletRequest;

/**
 * What the authentication module found, kept on the request for {@code AccessFilter}: the
 * mechanism never answers itself (the container's answers would be HTML pages), it only tells.
 */
public enum AuthenticationOutcome {
    /** No token was sent. */
    NONE,
    /** A token was sent and names a usable token: the container knows the caller. */
    AUTHENTICATED,
    /** A token was sent that is unknown, expired or deactivated. */
    INVALID,
    /** The token could not be checked: the database is unavailable. */
    UNAVAILABLE;

    private static final String ATTRIBUTE = AuthenticationOutcome.class.getName();

    public void recordOn(HttpServletRequest request) {
        request.setAttribute(ATTRIBUTE, this);
    }

    public static AuthenticationOutcome of(HttpServletRequest request) {
        Object outcome = request.getAttribute(ATTRIBUTE);
        return outcome instanceof AuthenticationOutcome o ? o : NONE;
    }
}
