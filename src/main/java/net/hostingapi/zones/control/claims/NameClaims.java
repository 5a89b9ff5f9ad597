package net.hostingapi.zones.control.claims;

import com.google.common.net.InternetDomainName;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import net.hostingapi.platform.database.control.RowLocks;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.zones.control.names.ZoneNames;

/**
 * Who may serve a name. A zone or an assigned domain may not equal, lie below or lie above a name
 * another account holds: otherwise one customer of the hoster could answer for another's names
 * (subdomain takeover). Nesting within one account is allowed. A public suffix ({@code com},
 * {@code co.uk}, {@code github.io}) is nobody's, after the Public Suffix List as Guava ships it.
 *
 * <p>A claim runs inside the caller's transaction and holds, until it ends, the rows of the
 * claimed name and of the names above it (table {@code name_locks}), written ({@link RowLocks}) so
 * that the hold counts across the nodes of a Galera cluster too: a claim of {@code x.example} and
 * one of {@code a.x.example} queue up (on two nodes, the second to commit fails certification and
 * is repeated). Siblings under one parent queue too, which a shared lock spared them on one
 * server, but a shared lock is not certified. What others hold is read in a transaction of its
 * own, after the locks are taken, so it sees every claim committed before them, whatever the
 * caller's transaction read earlier.
 */
@Stateless
public class NameClaims {

    @PersistenceContext
    EntityManager em;

    @EJB
    ClaimedNames claimed;

    /** The one answer for a name that is not free: it never says who holds it, or how. */
    public static ApiException taken() {
        return ApiException.conflict(CommonMessages.NAME_TAKEN, "The name is already taken");
    }

    /**
     * 422 on {@code field} when the name is itself a public suffix. Names under suffixes the list
     * does not know ({@code example.test}) are fine.
     */
    public static void requireNotPublicSuffix(ZoneNames.ZoneName name, String field) {
        if (isPublicSuffix(name.name()) || isPublicSuffix(name.unicode())) {
            throw ApiException.invalid(
                    field,
                    CommonMessages.FIELD_INVALID,
                    "is a public suffix (like com or co.uk), under which others register their names");
        }
    }

    static boolean isPublicSuffix(String name) {
        try {
            return InternetDomainName.from(name).isPublicSuffix();
        } catch (IllegalArgumentException e) {
            return false; // not a name Guava accepts, so not one on its list either
        }
    }

    /**
     * Claims {@code name} (normalised) for the account, for the rest of the caller's transaction:
     * 409 {@link #taken()} when anybody holds that name, or another account a name above or below it.
     */
    public void claim(String name, long accountId) {
        List<String> above = above(name);
        List<String> all = new ArrayList<>(above);
        all.add(name);
        claimed.ensureLockRows(all);
        RowLocks.hold(em, "name_locks", "name", all);
        if (claimed.heldAround(name, above, accountId)) {
            throw taken();
        }
    }

    /**
     * 409 {@link #taken()} when a record of the zone would sit at or below a name another account
     * holds. New claims cannot nest across accounts; this keeps data from before that rule from
     * being extended.
     */
    public void requireNoForeignNames(String zone, Collection<String> recordNames, long accountId) {
        ForeignNames foreign = foreignNames(zone, recordNames, accountId);
        if (foreign == null) {
            return;
        }
        Query query = em.createNativeQuery("SELECT " + foreign.condition());
        for (int i = 0; i < foreign.parameters().size(); i++) {
            query.setParameter(i + 1, foreign.parameters().get(i));
        }
        if (((Number) query.getSingleResult()).intValue() != 0) {
            throw taken();
        }
    }

    /**
     * The check of {@link #requireNoForeignNames} as an SQL condition (true when a record would sit
     * at or below another account's name) with its parameters in order, for a statement that has
     * other work to do: an addition asks it with its lock of the zone. Null when the records name
     * nothing below the apex.
     */
    public record ForeignNames(String condition, List<Object> parameters) {}

    public static ForeignNames foreignNames(String zone, Collection<String> recordNames, long accountId) {
        Set<String> names = new LinkedHashSet<>();
        for (String record : recordNames) {
            names.addAll(betweenApexAnd(record, zone));
        }
        if (names.isEmpty()) {
            return null;
        }
        String in = placeholders(names.size());
        List<Object> parameters = new ArrayList<>(names);
        parameters.add(accountId);
        parameters.addAll(names);
        parameters.add(accountId);
        return new ForeignNames(
                "(EXISTS (SELECT 1 FROM zones WHERE name IN (" + in + ") AND account_id <> ?)"
                        + " OR EXISTS (SELECT 1 FROM zone_domains d JOIN zones o ON o.id = d.zone_id"
                        + " WHERE d.name IN (" + in + ") AND o.account_id <> ?))",
                parameters);
    }

    /**
     * Holds {@code name}'s row exclusively until the caller's transaction ends (the row is created
     * first, in a transaction of its own): publishers of one name queue here, on every instance.
     */
    public static void lockExclusively(EntityManager em, ClaimedNames claimed, String name) {
        claimed.ensureLockRows(List.of(name));
        RowLocks.hold(em, "name_locks", "name", List.of(name));
    }

    /** The names strictly above {@code name} that have at least two labels: a.b.example gives b.example. */
    static List<String> above(String name) {
        List<String> above = new ArrayList<>();
        String rest = name;
        for (int dot = rest.indexOf('.'); dot >= 0; dot = rest.indexOf('.')) {
            rest = rest.substring(dot + 1);
            if (rest.indexOf('.') < 0) {
                break;
            }
            above.add(rest);
        }
        return above;
    }

    /**
     * The names from a record's owner name up to, not including, the zone's apex, for a record name
     * relative to the zone: {@code a.b} in example.com gives a.b.example.com and b.example.com.
     * Wildcard labels are left out: a wildcard never answers for a name that exists.
     */
    static List<String> betweenApexAnd(String recordName, String zone) {
        List<String> names = new ArrayList<>();
        if (recordName == null || recordName.isEmpty() || recordName.equals("@")) {
            return names;
        }
        String[] labels = recordName.split("\\.");
        for (int first = 0; first < labels.length; first++) {
            if (labels[first].equals("*")) {
                continue;
            }
            names.add(String.join(".", List.of(labels).subList(first, labels.length)) + "." + zone);
        }
        return names;
    }

    public static String placeholders(int count) {
        return String.join(",", java.util.Collections.nCopies(count, "?"));
    }
}
