package net.hostingapi.accounts.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.SecurityContext;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;

/**
 * The authenticated caller of the current request, as the container knows it. Services ask it
 * for the account every query is confined to. It holds nothing itself (the container's
 * security context answers per request), so one instance serves all requests.
 */
@ApplicationScoped
public class CurrentCaller {

    @Inject
    SecurityContext securityContext;

    public ApiPrincipal principal() {
        return securityContext.getPrincipalsByType(ApiPrincipal.class).stream()
                .findFirst()
                .orElseThrow(() -> new ApiException(401, CommonMessages.AUTHENTICATION_REQUIRED));
    }

    public long accountId() {
        return principal().accountId();
    }
}
