package net.hostingapi.dnsupdate.control;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.hostingapi.accounts.control.ApiPrincipal;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.accounts.entity.TokenPolicy;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.zones.control.ZoneCatalog;
import net.hostingapi.zones.control.editing.ZoneEditor;
import net.hostingapi.zones.control.editing.ZoneOperation;
import net.hostingapi.zones.control.masterfile.ZoneFile;
import net.hostingapi.zones.entity.Zone;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Type;

/**
 * What a verified DNS message asks, done as the token its TSIG key belongs to: an UPDATE is one
 * {@link ZoneEditor#editRecords} under that token's rights and policy, a QUERY reads a zone's SOA
 * or apex NS. The messages come with no HTTP request, so the container knows no caller: the
 * caller calls in {@link CurrentCaller#actingAs} the key's caller (so that the commit, and what
 * observes it, still sees it), this class calls the zone services under the run-as role
 * {@code DNS_ZONES_CRUD} (WEB-INF/ejb-jar.xml; the annotation made Payara warn at every start;
 * mapped to the principal {@code #dns-update}, which no user can be called), and it checks the
 * token's own rights before it calls anything. An UPDATE's transaction is this class's, bounded
 * to 2 s (glassfish-ejb-jar.xml): past that it rolls back.
 */
@Stateless
@PermitAll
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class DnsUpdates {

    /** The SOA and NS records of a zone's apex, as its nameserver serves them. */
    public record Apex(Name origin, Record soa, List<Record> nameservers) {}

    @EJB
    ZoneEditor editor;

    @PersistenceContext
    EntityManager em;

    /**
     * Applies an UPDATE as {@code caller}, all or nothing, and answers its RCODE: REFUSED where the
     * token lacks DNS_ZONES_CRUD, its policy forbids any part, the zone is not one it may see (as
     * one that does not exist), or a record breaks a rule of the HTTP API. To be called
     * {@link CurrentCaller#actingAs} {@code caller}. A refusal rolls the transaction back.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public int update(ApiPrincipal caller, Message message) {
        if (!caller.rights().contains(Right.DNS_ZONES_CRUD)) {
            return Rcode.REFUSED;
        }
        try {
            UpdateRequest request = UpdateRequest.of(message, ZoneCatalog::normalizedName);
            if (!allowed(caller.policy(), request)) {
                return Rcode.REFUSED;
            }
            editor.editRecords(request.zone(), request, ZoneOperation.DNS_UPDATE);
            return Rcode.NOERROR;
        } catch (UpdateRejected e) {
            return e.rcode();
        } catch (ApiException e) {
            return e.status() >= 500 ? Rcode.SERVFAIL : Rcode.REFUSED;
        }
    }

    /**
     * Every name and type an UPDATE names, whether or not it changes anything, lies within the
     * token's policy (as BIND's update-policy checks each update); a whole name (type ANY) only
     * for a token not limited to some types. The zone itself the editor checks, as for HTTP
     * ({@code ZoneAccess.requireZone}: one outside the policy does not exist, REFUSED).
     */
    private static boolean allowed(TokenPolicy policy, UpdateRequest request) {
        for (String[] touched : request.touched()) {
            boolean allowed = touched[1] == null
                    ? policy.types().isEmpty() && policy.allowsRecord(touched[0], "ANY")
                    : policy.allowsRecord(touched[0], touched[1]);
            if (!allowed) {
                return false;
            }
        }
        return true;
    }

    /**
     * The apex of the caller's zone that holds {@code name} (the closest enclosing one), if its
     * token may list or change that zone: certbot finds the zone of a name this way.
     */
    public Optional<Apex> apex(ApiPrincipal caller, Name name) {
        if (!caller.rights().contains(Right.DNS_ZONES_LIST) && !caller.rights().contains(Right.DNS_ZONES_CRUD)) {
            return Optional.empty();
        }
        return closest(name, caller.accountId(), caller.policy());
    }

    /**
     * The apex of whichever account's zone holds {@code name}: what the zone's public nameservers
     * answer to anyone, for the unsigned SOA query with which lego finds a name's zone.
     */
    public Optional<Apex> publicApex(Name name) {
        return closest(name, null, null);
    }

    /** The closest enclosing zone, of the account if one is given, within the policy if one is given. */
    private Optional<Apex> closest(Name name, Long accountId, TokenPolicy policy) {
        List<String> candidates = new ArrayList<>();
        for (int labels = name.labels(); labels >= 3; labels--) { // a zone has two labels at least (and the root's)
            Name suffix = new Name(name, name.labels() - labels);
            candidates.add(suffix.toString(true).toLowerCase(java.util.Locale.ROOT));
        }
        if (candidates.isEmpty()) {
            return Optional.empty();
        }
        var query = em.createQuery(
                        "SELECT z FROM Zone z WHERE z.name IN :names"
                                + (accountId == null ? "" : " AND z.account.id = :account"),
                        Zone.class)
                .setParameter("names", candidates);
        if (accountId != null) {
            query.setParameter("account", accountId);
        }
        Optional<Zone> zone = query.getResultStream()
                .filter(z -> policy == null || policy.allowsZone(z.name()))
                .max(java.util.Comparator.comparingInt(z -> z.name().length()));
        return zone.map(DnsUpdates::apexOf);
    }

    private static Apex apexOf(Zone zone) {
        try {
            Name origin = Name.fromString(zone.name() + ".");
            Record soa = Record.fromString(origin, Type.SOA, DClass.IN, zone.ttl(), ZoneFile.soaData(zone), origin);
            List<Record> nameservers = new ArrayList<>();
            for (String host : ZoneFile.nameservers(zone)) {
                nameservers.add(Record.fromString(origin, Type.NS, DClass.IN, zone.ttl(), host, origin));
            }
            return new Apex(origin, soa, nameservers);
        } catch (IOException e) {
            throw new IllegalStateException("The zone " + zone.name() + " has no valid SOA: " + e.getMessage(), e);
        }
    }
}
