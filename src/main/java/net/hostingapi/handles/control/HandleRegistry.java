package net.hostingapi.handles.control;

import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import net.hostingapi.accounts.control.AccountReferences;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.accounts.control.TokenSecrets;
import net.hostingapi.accounts.entity.Account;
import net.hostingapi.accounts.entity.Project;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.handles.entity.Handle;
import net.hostingapi.handles.entity.HandleType;
import net.hostingapi.handles.entity.Verification;
import net.hostingapi.handles.entity.VerificationMail;
import net.hostingapi.handles.entity.VerificationState;
import net.hostingapi.mail.control.MailOutbox;
import net.hostingapi.platform.database.control.RowLocks;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.parameters.control.FieldUpdate;

/**
 * The handles of the caller's account, and the verification of their e-mail addresses. A new
 * handle, and a handle whose address changes, get a mail with a single-use link; the mail goes
 * into the outbox in the same transaction, so it is sent exactly when the change was stored.
 */
@Stateless
public class HandleRegistry {

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    @Inject
    AccountReferences references;

    @EJB
    MailOutbox outbox;

    @Inject
    VerificationSettings settings;

    @Inject
    HandleTags tags;

    @RolesAllowed(Right.Names.CALLER)
    public List<Handle> list() {
        return em.createNamedQuery(Handle.IN_ACCOUNT, Handle.class)
                .setParameter("account", caller.accountId())
                .getResultList();
    }

    @RolesAllowed(Right.Names.CALLER)
    public Handle show(String handle) {
        return find(handle).orElseThrow(() -> ApiException.notFound("Handle"));
    }

    /** A handle of the caller's account; handles of other accounts do not exist for the caller. */
    @RolesAllowed(Right.Names.CALLER)
    public Optional<Handle> find(String handle) {
        return em.createNamedQuery(Handle.BY_HANDLE, Handle.class)
                .setParameter("account", caller.accountId())
                .setParameter("handle", handle)
                .getResultStream()
                .findFirst();
    }

    @RolesAllowed(Right.Names.CALLER)
    public HandleAndMail create(NewHandle input) {
        LocalDateTime now = now();
        Handle handle = new Handle(
                lockAccount(),
                unusedIdentifier(),
                input.type(),
                input.sex(),
                input.firstname(),
                input.lastname(),
                input.dateOfBirth(),
                input.email());
        handle.address(
                input.street(),
                input.number(),
                input.postcode(),
                input.city(),
                input.region(),
                country(input.country()));
        handle.organisation(input.organisation());
        handle.phone(input.phone());
        handle.fax(input.fax().value());
        handle.countryOfBirth(input.countryOfBirth() == null ? null : country(input.countryOfBirth()));
        handle.user(references.user("user", input.user()));
        handle.project(references.project("project_uuid", input.projectUuid()).value());
        em.persist(handle);
        Optional<LocalDateTime> held = issueVerification(handle, now);
        em.flush();
        return new HandleAndMail(handle, held);
    }

    /** Changes what Edit handle may change; a new e-mail address is verified anew. */
    @RolesAllowed(Right.Names.CALLER)
    public HandleAndMail edit(HandleChanges input) {
        // If-Match is checked under the handle's row lock: of two writers with one tag, one passes
        boolean conditional = tags.ifMatchGiven();
        if (conditional) {
            lockAccount(); // before the handle's row, in the order create and resend take them
        }
        Handle handle = conditional ? locked(input.handle()) : show(input.handle());
        tags.requireMatch(handle);
        if (!conditional && !handle.email().equals(input.email())) {
            lockAccount(); // before the handle's row, in the order create and resend take them
        }
        handle.address(
                input.street(),
                input.number(),
                input.postcode(),
                input.city(),
                input.region(),
                country(input.country()));
        handle.phone(input.phone());
        if (input.organisation() != null) {
            handle.organisation(input.organisation());
        }
        if (input.countryOfBirth() != null) {
            handle.countryOfBirth(country(input.countryOfBirth()));
        }
        if (input.user() != null) {
            handle.user(references.user("user", input.user()));
        }
        if (input.fax().isGiven()) {
            handle.fax(input.fax().value());
        }
        FieldUpdate<Project> project = references.project("project_uuid", input.projectUuid());
        if (project.isGiven()) {
            handle.project(project.value());
        }
        Optional<LocalDateTime> held = Optional.empty();
        if (handle.changeEmail(input.email())) {
            held = issueVerification(handle, now());
        }
        em.flush();
        return new HandleAndMail(handle, held);
    }

    @RolesAllowed(Right.Names.CALLER)
    public Handle delete(String identifier) {
        lockAccount(); // first, as create and resend do: a mail they queue is seen and withdrawn here
        Handle handle = tags.ifMatchGiven() ? locked(identifier) : show(identifier);
        tags.requireMatch(handle);
        outbox.withdraw(topic(handle));
        releaseHeldMail(handle, now());
        em.remove(handle);
        return handle;
    }

    @RolesAllowed(Right.Names.CALLER)
    public HandleStatistics statistics() {
        Map<HandleType, Long> byType = new EnumMap<>(HandleType.class);
        for (HandleType type : HandleType.values()) {
            byType.put(type, 0L);
        }
        for (Object[] row : em.createNamedQuery(Handle.COUNT_BY_TYPE, Object[].class)
                .setParameter("account", caller.accountId())
                .getResultList()) {
            byType.put((HandleType) row[0], (Long) row[1]);
        }
        Map<VerificationState, Long> byState = new EnumMap<>(VerificationState.class);
        for (VerificationState state : VerificationState.values()) {
            byState.put(state, 0L);
        }
        for (Object[] row : em.createNamedQuery(Handle.COUNT_BY_STATE, Object[].class)
                .setParameter("account", caller.accountId())
                .getResultList()) {
            byState.put((VerificationState) row[0], (Long) row[1]);
        }
        long total = byType.values().stream().mapToLong(Long::longValue).sum();
        return new HandleStatistics(total, byType, byState);
    }

    /** Re-evaluates the verification: PENDING past its deadline becomes EXPIRED. */
    @RolesAllowed(Right.Names.CALLER)
    public Handle refresh(String identifier) {
        Handle handle = show(identifier);
        handle.verification().refresh(now());
        return handle;
    }

    /**
     * A fresh link (the previous one stops working, a mail with it not yet delivered is withdrawn),
     * valid for the full period again. Rate-limited per handle; the handle is locked meanwhile so
     * that concurrent resends are counted one after the other.
     */
    @RolesAllowed(Right.Names.CALLER)
    public HandleAndMail resend(String identifier) {
        lockAccount();
        Handle handle = locked(identifier);
        if (handle.verification().state() == VerificationState.VERIFIED) {
            throw ApiException.conflict(HandleMessages.ALREADY_VERIFIED, HandleMessages.ALREADY_VERIFIED.text());
        }
        LocalDateTime now = now();
        List<LocalDateTime> lastDay = em.createNamedQuery(VerificationMail.SINCE, LocalDateTime.class)
                .setParameter("handle", handle.id())
                .setParameter("since", now.minusDays(1))
                .getResultList();
        long wait = settings.resendLimit().retryAfterSeconds(lastDay, now);
        if (wait > 0) {
            throw ApiException.tooManyRequests(HandleMessages.VERIFICATION_RESEND_LIMIT, wait);
        }
        return new HandleAndMail(handle, issueVerification(handle, now));
    }

    /** Follows a verification link (public: the link is the credential). */
    @PermitAll
    public Handle confirm(String token) {
        Handle handle = em.createNamedQuery(Handle.BY_TOKEN, Handle.class)
                .setParameter("hash", TokenSecrets.hash(token))
                .setLockMode(LockModeType.PESSIMISTIC_WRITE)
                .getResultStream()
                .findFirst()
                .orElseThrow(() -> new ApiException(404, HandleMessages.VERIFICATION_LINK_INVALID));
        if (handle.verification().confirm(now()) == Verification.Outcome.EXPIRED) {
            throw ApiException.conflict(
                    HandleMessages.VERIFICATION_EXPIRED, HandleMessages.VERIFICATION_EXPIRED.text());
        }
        return handle;
    }

    /**
     * A mail with a fresh link, within the limits of the caller's account: in total, and to this
     * address (429 VERIFICATION_MAIL_LIMIT, and the whole change is refused): without them,
     * handles would relay mails to any address. The limit of the address counts the mails of all
     * accounts: a mail beyond it is not refused, what other accounts did is no fault of the
     * caller's, but held back in the outbox until the address may get it; the link's 15 days
     * start then. The caller holds the account's lock, so that the account's counts are exact;
     * the address's may be exceeded by requests of other accounts at the same moment, which is no
     * help to a spammer.
     *
     * @return when the mail goes out if the address's limit holds it back
     */
    private Optional<LocalDateTime> issueVerification(Handle handle, LocalDateTime now) {
        long account = caller.accountId();
        String recipient = recipientHash(handle.email());
        MailWindow recipientLimit = settings.recipientLimit();
        List<LocalDateTime> byAccount = em.createNamedQuery(VerificationMail.ACCOUNT_SINCE, LocalDateTime.class)
                .setParameter("account", account)
                .setParameter("since", now.minusDays(1))
                .getResultList();
        List<LocalDateTime> byAccountToRecipient = em.createNamedQuery(
                        VerificationMail.ACCOUNT_TO_RECIPIENT_SINCE, LocalDateTime.class)
                .setParameter("recipient", recipient)
                .setParameter("account", account)
                .setParameter("since", now.minus(recipientLimit.window()))
                .getResultList();
        long wait = Math.max(
                settings.accountLimit().retryAfterSeconds(byAccount, now),
                recipientLimit.retryAfterSeconds(byAccountToRecipient, now));
        if (wait > 0) {
            throw ApiException.tooManyRequests(HandleMessages.VERIFICATION_MAIL_LIMIT, wait);
        }
        LocalDateTime before = now.minus(
                recipientLimit.window().compareTo(Duration.ofDays(1)) > 0
                        ? recipientLimit.window()
                        : Duration.ofDays(1));
        List<Long> prunable = em.createNamedQuery(VerificationMail.PRUNABLE, Long.class)
                .setParameter("account", account)
                .setParameter("before", before)
                .getResultList();
        if (!prunable.isEmpty()) {
            em.createNamedQuery(VerificationMail.PRUNE)
                    .setParameter("ids", prunable)
                    .executeUpdate();
        }
        releaseHeldMail(handle, now); // its mail is withdrawn below, its place is free for this one
        List<LocalDateTime> deliveries = em.createNamedQuery(VerificationMail.DELIVERIES_SINCE, LocalDateTime.class)
                .setParameter("recipient", recipient)
                .setParameter("since", now.minus(recipientLimit.window()))
                .getResultList();
        LocalDateTime deliverAt = recipientLimit.nextDelivery(deliveries, now);
        String token = TokenSecrets.newToken();
        handle.verification().issue(TokenSecrets.hash(token), deliverAt, settings.validity());
        em.persist(new VerificationMail(handle, account, recipient, now, deliverAt));
        outbox.withdraw(topic(handle));
        outbox.enqueue(
                topic(handle),
                handle.email(),
                VerificationText.subject(handle),
                VerificationText.body(handle, settings.publicBaseUrl(), settings.confirmLink(token)),
                deliverAt);
        return deliverAt.isAfter(now) ? Optional.of(deliverAt) : Optional.empty();
    }

    /**
     * A mail of the handle still held back will not go (it is withdrawn): it no longer takes a
     * place in its address's limit. Its ids are read without locks and updated by id, as pruning does.
     */
    private void releaseHeldMail(Handle handle, LocalDateTime now) {
        if (handle.id() == null) {
            return; // a new handle: nothing held yet
        }
        List<Long> held = em.createNamedQuery(VerificationMail.HELD, Long.class)
                .setParameter("handle", handle.id())
                .setParameter("now", now)
                .getResultList();
        if (!held.isEmpty()) {
            em.createNamedQuery(VerificationMail.RELEASE)
                    .setParameter("ids", held)
                    .executeUpdate();
        }
    }

    /** A handle of the caller's account with its row locked for this transaction. */
    private Handle locked(String identifier) {
        return em.createNamedQuery(Handle.BY_HANDLE, Handle.class)
                .setParameter("account", caller.accountId())
                .setParameter("handle", identifier)
                .setLockMode(LockModeType.PESSIMISTIC_WRITE)
                .getResultStream()
                .findFirst()
                .orElseThrow(() -> ApiException.notFound("Handle"));
    }

    /**
     * The caller's account, locked for this transaction: mails are counted one request after the
     * other, on every node of a Galera cluster too ({@link RowLocks}).
     */
    private Account lockAccount() {
        RowLocks.hold(em, "accounts", "id", List.of(caller.accountId()));
        return em.find(Account.class, caller.accountId());
    }

    /** Addresses differing in case are one recipient; only the hash is kept. */
    private static String recipientHash(String email) {
        return TokenSecrets.hash(email.toLowerCase(Locale.ROOT));
    }

    private static String topic(Handle handle) {
        return "handle-verification:" + handle.handle();
    }

    private String unusedIdentifier() {
        for (int attempt = 0; attempt < 10; attempt++) {
            String candidate = HandleIdentifiers.next();
            if (em.createNamedQuery(Handle.TAKEN, Long.class)
                            .setParameter("handle", candidate)
                            .getSingleResult()
                    == 0) {
                return candidate;
            }
        }
        throw new IllegalStateException("No unused handle identifier found in ten attempts");
    }

    private static String country(String code) {
        return Countries.normalize(code).orElseThrow(() -> new IllegalArgumentException("unchecked country code"));
    }

    private static LocalDateTime now() {
        return LocalDateTime.now(ZoneOffset.UTC);
    }
}
