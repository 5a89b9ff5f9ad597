package net.hostingapi.datacenter.control;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.accounts.entity.ApiUser;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.datacenter.entity.Machine;
import net.hostingapi.datacenter.entity.ServerAction;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;

/**
 * The machine inventory: the operator registers a machine to a customer's account and removes it;
 * an account lists its own machines (a token holding the operator's right sees every account's).
 */
@Stateless
public class Machines {

    /** A change of the inventory, with the unfinished server actions of other accounts it ended. */
    public record Change(Machine machine, int cancelledActions) {}

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    @RolesAllowed(Right.Names.CALLER)
    public List<Machine> list() {
        if (caller.principal().rights().contains(Right.MACHINES_CRUD)) {
            return em.createNamedQuery(Machine.ALL, Machine.class).getResultList();
        }
        return em.createNamedQuery(Machine.IN_ACCOUNT, Machine.class)
                .setParameter("account", caller.accountId())
                .getResultList();
    }

    /**
     * Registers the machine to the account whose owner is {@code customer}. A MAC or IP address
     * another machine has is 409. Unfinished actions scheduled on the machine before the inventory
     * stay the machine's when they are the same account's, and are cancelled when they are
     * another account's: from now on only the owner decides how the machine boots.
     */
    @RolesAllowed(Right.Names.MACHINES_CRUD)
    public Change register(String customer, String macAddress, List<String> addresses, String hostname) {
        ApiUser owner = em.createNamedQuery(ApiUser.BY_USERNAME, ApiUser.class)
                .setParameter("username", customer)
                .getResultStream()
                .filter(ApiUser::isOwner)
                .findFirst()
                .orElseThrow(() -> ApiException.invalid(
                        "customer", CommonMessages.FIELD_INVALID, "no customer account has an owner of that username"));
        String mac = MachineAddress.mac(macAddress).orElseThrow();
        List<String> ips = canonical(addresses);
        if (!em.createNamedQuery(Machine.BY_MAC, Machine.class)
                .setParameter("mac", mac)
                .getResultList()
                .isEmpty()) {
            throw ApiException.conflict(
                    CommonMessages.CONFLICT, "The MAC address " + mac + " belongs to a machine already");
        }
        List<Machine> holders = em.createNamedQuery(Machine.BY_ADDRESS, Machine.class)
                .setParameter("addresses", ips)
                .getResultList();
        if (!holders.isEmpty()) {
            String taken = ips.stream()
                    .filter(ip -> holders.stream().anyMatch(m -> m.hasAddress(ip)))
                    .findFirst()
                    .orElseThrow();
            throw ApiException.conflict(
                    CommonMessages.CONFLICT, "The address " + taken + " belongs to a machine already");
        }
        Machine machine =
                new Machine(owner.account(), mac, ips, hostname == null ? null : hostname.toLowerCase(Locale.ROOT));
        em.persist(machine);
        em.flush(); // a concurrent registration of the same MAC or IP address fails here, on the unique keys: 409
        int cancelled = 0;
        for (ServerAction action : unfinishedBeforeTheInventory(mac, ips)) {
            if (action.account().id().equals(owner.account().id())) {
                action.adoptedBy(machine);
            } else {
                em.persist(action.cancelByOperator("Cancelled: the machine was registered to another account"));
                cancelled++;
            }
        }
        return new Change(machine, cancelled);
    }

    /** Removes the machine from the inventory; its unfinished action is cancelled, its finished ones stay. */
    @RolesAllowed(Right.Names.MACHINES_CRUD)
    public Change remove(long id) {
        Machine machine = em.find(Machine.class, id, LockModeType.PESSIMISTIC_WRITE);
        if (machine == null) {
            throw ApiException.notFound("Machine");
        }
        int cancelled = 0;
        for (ServerAction action : UnfinishedActions.find(
                em, ServerAction.OPEN_ON_MACHINE, "machine", machine, LockModeType.PESSIMISTIC_WRITE)) {
            em.persist(action.cancelByOperator("Cancelled: the machine was removed from the inventory"));
            cancelled++;
        }
        em.flush();
        em.remove(machine);
        return new Change(machine, cancelled);
    }

    private List<ServerAction> unfinishedBeforeTheInventory(String mac, List<String> ips) {
        Set<ServerAction> found = new LinkedHashSet<>(
                UnfinishedActions.find(em, ServerAction.OPEN_BY_MAC, "mac", mac, LockModeType.PESSIMISTIC_WRITE));
        for (String ip : ips) {
            found.addAll(UnfinishedActions.find(
                    em, ServerAction.OPEN_BY_ADDRESS, "address", ip, LockModeType.PESSIMISTIC_WRITE));
        }
        return found.stream().filter(a -> !a.hasMachine()).toList();
    }

    /** The addresses in canonical text, each once; one given twice is refused rather than guessed at. */
    private static List<String> canonical(List<String> addresses) {
        List<String> ips = new ArrayList<>();
        for (int i = 0; i < addresses.size(); i++) {
            String ip = MachineAddress.ip(addresses.get(i)).orElseThrow();
            if (ips.contains(ip)) {
                throw ApiException.invalid("addresses[" + i + "]", CommonMessages.FIELD_INVALID, "given twice");
            }
            ips.add(ip);
        }
        return ips;
    }
}
