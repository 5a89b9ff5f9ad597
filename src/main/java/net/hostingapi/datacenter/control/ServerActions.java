package net.hostingapi.datacenter.control;

import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.datacenter.entity.InvalidTransition;
import net.hostingapi.datacenter.entity.Machine;
import net.hostingapi.datacenter.entity.ServerAction;
import net.hostingapi.datacenter.entity.ServerActionReport;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;

/**
 * Server actions: scheduled on the account's own machines, listed, shown and cancelled by the
 * account; fetched as boot scripts and reported on by the machines, which are public and find an
 * action only by the machine's own address.
 */
@Stateless
public class ServerActions {

    @PersistenceContext
    EntityManager em;

    @Inject
    CurrentCaller caller;

    @Inject
    BootConfiguration boot;

    @RolesAllowed(Right.Names.CALLER)
    public List<ServerAction> list() {
        return em.createNamedQuery(ServerAction.IN_ACCOUNT, ServerAction.class)
                .setParameter("account", caller.accountId())
                .getResultList();
    }

    /** One action of the caller's account, with its history. */
    @RolesAllowed(Right.Names.CALLER)
    public ServerAction show(long id) {
        ServerAction action = find(id, LockModeType.NONE);
        action.reports().size(); // the history is read here, inside the transaction
        return action;
    }

    /**
     * Schedules an action on one of the caller's machines, named by its id ({@code machine}) or
     * its MAC address, for one of its addresses (the first when none is named). Any other machine
     * is 404, as one that does not exist. A machine has at most one unfinished action: 409.
     */
    @RolesAllowed(Right.Names.CALLER)
    public ServerAction create(
            Long machineId,
            String macAddress,
            String address,
            ServerAction.Kind kind,
            String template,
            String hostname) {
        if (kind == ServerAction.Kind.INSTALL && template == null) {
            throw ApiException.invalid("template", CommonMessages.FIELD_REQUIRED, "required for INSTALL");
        }
        if (kind != ServerAction.Kind.INSTALL && template != null) {
            throw ApiException.invalid("template", CommonMessages.FIELD_NOT_ALLOWED, "only INSTALL takes a template");
        }
        Machine machine = ownMachine(machineId, macAddress);
        String ip = address == null
                ? machine.firstAddress()
                : MachineAddress.ip(address).orElseThrow();
        if (!machine.hasAddress(ip)) {
            throw ApiException.invalid("address", CommonMessages.FIELD_INVALID, "not an address of the machine");
        }
        if (open(ServerAction.OPEN_BY_MAC, "mac", machine.macAddress(), LockModeType.NONE)
                        .isPresent()
                || open(ServerAction.OPEN_BY_ADDRESS, "address", ip, LockModeType.NONE)
                        .isPresent()) {
            throw ApiException.conflict(
                    CommonMessages.CONFLICT,
                    "The machine " + machine.macAddress() + " already has an unfinished server action");
        }
        ServerAction action = new ServerAction(
                machine, ip, kind, template, hostname == null ? machine.hostname() : hostname.toLowerCase(Locale.ROOT));
        em.persist(action);
        em.flush(); // a concurrent schedule for the same machine fails here, on the unique keys: 409
        return action;
    }

    @RolesAllowed(Right.Names.CALLER)
    public ServerAction cancel(long id) {
        ServerAction action = find(id, LockModeType.PESSIMISTIC_WRITE);
        try {
            em.persist(action.cancel());
        } catch (InvalidTransition e) {
            throw refusal(e);
        }
        action.reports().size();
        return action;
    }

    /** The iPXE script the machine boots: its pending action, or the local disk. */
    @PermitAll
    public String file(String address) {
        return IpxeScripts.file(boot.settings(), machine(MachineAddress.parse(address)));
    }

    /** The iPXE menu for the machine: the local disk, and its pending action as the default. */
    @PermitAll
    public String menu(String address) {
        MachineAddress machine = MachineAddress.parse(address);
        return IpxeScripts.menu(boot.settings(), machine.value(), machine(machine));
    }

    /**
     * A machine's progress report, for the unfinished action of the address the request comes
     * from (404 when there is none); the state machine refuses what it does not allow with 409.
     */
    @PermitAll
    public ServerAction report(String sourceAddress, ServerAction.State state, int percent, String text) {
        String ip = MachineAddress.ip(sourceAddress)
                .orElseThrow(() -> ApiException.notFound("Server action for this address"));
        ServerAction action = openAt(ip, LockModeType.PESSIMISTIC_WRITE)
                .orElseThrow(() -> ApiException.notFound("Server action for this address"));
        try {
            em.persist(action.report(state, percent, text, ServerActionReport.Reporter.MACHINE));
        } catch (InvalidTransition e) {
            throw refusal(e);
        }
        return action;
    }

    /** A report or cancellation the state machine refuses: 409, with the state machine's words. */
    static ApiException refusal(InvalidTransition refused) {
        return ApiException.conflict(MachineMessages.INVALID_TRANSITION, refused.getMessage());
    }

    private IpxeScripts.Machine machine(MachineAddress address) {
        Optional<ServerAction> open = address.type() == MachineAddress.Type.MAC
                ? open(ServerAction.OPEN_BY_MAC, "mac", address.value(), LockModeType.NONE)
                : openAt(address.value(), LockModeType.NONE);
        return open.map(a -> new IpxeScripts.Machine(
                        a.id(),
                        a.kind(),
                        a.state(),
                        a.statePercent(),
                        a.stateText(),
                        a.template(),
                        a.hostname(),
                        a.macAddress(),
                        a.address()))
                .orElse(null);
    }

    private ServerAction find(long id, LockModeType lock) {
        return em.createNamedQuery(ServerAction.BY_ID, ServerAction.class)
                .setParameter("account", caller.accountId())
                .setParameter("id", id)
                .setLockMode(lock)
                .getResultStream()
                .findFirst()
                .orElseThrow(() -> ApiException.notFound("Server action"));
    }

    /**
     * The caller's machine by id or MAC address (both must name the same one); another account's
     * machine is not found, exactly as one that does not exist.
     */
    private Machine ownMachine(Long machineId, String macAddress) {
        if (machineId == null && macAddress == null) {
            throw ApiException.invalid("mac_address", CommonMessages.FIELD_REQUIRED, "give machine or mac_address");
        }
        String mac = macAddress == null ? null : MachineAddress.mac(macAddress).orElseThrow();
        Machine machine = machineId != null
                ? em.find(Machine.class, machineId)
                : em.createNamedQuery(Machine.BY_MAC, Machine.class)
                        .setParameter("mac", mac)
                        .getResultStream()
                        .findFirst()
                        .orElse(null);
        if (machine == null
                || !machine.belongsTo(caller.accountId())
                || (mac != null && !machine.macAddress().equals(mac))) {
            throw ApiException.notFound("Machine");
        }
        return machine;
    }

    /**
     * The unfinished action a machine at {@code ip} has: one scheduled for that address, or one of
     * the machine that has the address among its addresses.
     */
    private Optional<ServerAction> openAt(String ip, LockModeType lock) {
        Optional<ServerAction> scheduledFor = open(ServerAction.OPEN_BY_ADDRESS, "address", ip, lock);
        if (scheduledFor.isPresent()) {
            return scheduledFor;
        }
        return em.createNamedQuery(Machine.BY_ADDRESS, Machine.class)
                .setParameter("addresses", List.of(ip))
                .getResultStream()
                .findFirst()
                .flatMap(machine -> open(ServerAction.OPEN_ON_MACHINE, "machine", machine, lock));
    }

    private Optional<ServerAction> open(String query, String parameter, Object value, LockModeType lock) {
        return UnfinishedActions.find(em, query, parameter, value, lock).stream()
                .findFirst();
    }
}
