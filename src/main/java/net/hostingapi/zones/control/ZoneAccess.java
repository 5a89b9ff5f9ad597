package net.hostingapi.zones.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.List;
import net.hostingapi.accounts.control.AccountMessages;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.accounts.entity.TokenPolicy;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.zones.entity.RecordDraft;
import net.hostingapi.zones.entity.ZoneRecord;

/**
 * The caller's token policy applied to zones, in one place for every zone operation. A zone
 * outside the token's zones does not exist for it (404, as another account's: the answer reveals
 * nothing); a record outside its names and types is refused with 403 naming the policy, and so is
 * the whole request: nothing of it is stored.
 */
@ApplicationScoped
public class ZoneAccess {

    @Inject
    CurrentCaller caller;

    private TokenPolicy policy() {
        return caller.principal().policy();
    }

    /** The zones the token is limited to (normalised names); empty: all of the account's. */
    List<String> zones() {
        return policy().zones();
    }

    public void requireZone(String zoneName) {
        if (!policy().allowsZone(zoneName)) {
            throw ApiException.notFound("Zone");
        }
    }

    /** A new zone's name must be one of the token's zones (a 404 would make no sense for a zone yet to be). */
    public void requireCreatable(String zoneName) {
        TokenPolicy policy = policy();
        if (!policy.allowsZone(zoneName)) {
            throw ApiException.forbidden(
                    AccountMessages.TOKEN_POLICY_DENIED,
                    "The token's policy (" + policy.describe() + ") does not allow the zone " + zoneName);
        }
    }

    /**
     * Creating or deleting a zone, changing its settings or domains: a token limited to some
     * records manages those records only.
     */
    public void requireWholeZone(String what) {
        TokenPolicy policy = policy();
        if (policy.limitsRecords()) {
            throw ApiException.forbidden(
                    AccountMessages.TOKEN_POLICY_DENIED,
                    "The token's policy (" + policy.describe() + ") allows some records only, not to " + what);
        }
    }

    public void requireDrafts(Collection<RecordDraft> drafts) {
        for (RecordDraft draft : drafts) {
            requireRecord(draft.name(), draft.type().name());
        }
    }

    public void requireRecords(Collection<ZoneRecord> records) {
        for (ZoneRecord record : records) {
            requireRecord(record.name(), record.type().name());
        }
    }

    private void requireRecord(String name, String type) {
        TokenPolicy policy = policy();
        if (!policy.allowsRecord(name, type)) {
            throw ApiException.forbidden(
                    AccountMessages.TOKEN_POLICY_DENIED,
                    "The token's policy (" + policy.describe() + ") does not allow the record " + name + " " + type);
        }
    }
}
