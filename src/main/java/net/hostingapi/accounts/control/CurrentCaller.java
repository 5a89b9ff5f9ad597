package net.hostingapi.accounts.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.SecurityContext;
import java.util.function.Supplier;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;

/**
 * The authenticated caller of the current request, as the container knows it. Services ask it
 * for the account every query is confined to. It holds nothing itself (the container's
 * security context answers per request), so one instance serves all requests.
 * <p>
 * A DNS message signed with a token's TSIG key comes with no HTTP request, so the container knows
 * no caller for it: its handler runs its work {@link #actingAs} the key's caller, on its own
 * thread, under the run-as role that lets it call the services (dnsupdate's DnsUpdates).
 */
@ApplicationScoped
public class CurrentCaller {

    @Inject
    SecurityContext securityContext;

    private static final ThreadLocal<ApiPrincipal> SIGNED = new ThreadLocal<>();

    /** Runs {@code work} on this thread as {@code principal} (a TSIG key's caller), answering what it answers. */
    public static <T> T actingAs(ApiPrincipal principal, Supplier<T> work) {
        ApiPrincipal outer = SIGNED.get();
        SIGNED.set(principal);
        try {
            return work.get();
        } finally {
            if (outer == null) {
                SIGNED.remove();
            } else {
                SIGNED.set(outer);
            }
        }
    }

    public ApiPrincipal principal() {
        ApiPrincipal signed = SIGNED.get();
        if (signed != null) {
            return signed;
        }
        return securityContext.getPrincipalsByType(ApiPrincipal.class).stream()
                .findFirst()
                .orElseThrow(() -> new ApiException(401, CommonMessages.AUTHENTICATION_REQUIRED));
    }

    public long accountId() {
        return principal().accountId();
    }
}
