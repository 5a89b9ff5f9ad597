package net.hostingapi.datacenter.entity;

import jakarta.persistence.CascadeType;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.hostingapi.accounts.entity.Account;

/**
 * What a machine is to do at its next network boot, and how far it got. It names the machine's
 * MAC address and the IP address it was scheduled for (an action scheduled before the machine
 * inventory has only those two, and no machine). The state machine of api.md, Server actions, lives here: PENDING to RUNNING to DONE,
 * or to CANCELLED from PENDING or RUNNING; DONE and CANCELLED are final, and the percentage
 * never falls while RUNNING.
 */
@Entity
@Table(name = "server_actions")
@NamedQuery(
        name = ServerAction.IN_ACCOUNT,
        query = "SELECT a FROM ServerAction a WHERE a.account.id = :account ORDER BY a.id DESC")
@NamedQuery(
        name = ServerAction.BY_ID,
        query = "SELECT a FROM ServerAction a WHERE a.account.id = :account AND a.id = :id")
@NamedQuery(
        name = ServerAction.OPEN_BY_MAC,
        query = "SELECT a FROM ServerAction a WHERE a.macAddress = :mac AND a.state IN :open")
@NamedQuery(
        name = ServerAction.OPEN_BY_ADDRESS,
        query = "SELECT a FROM ServerAction a WHERE a.address = :address AND a.state IN :open")
@NamedQuery(
        name = ServerAction.OPEN_ON_MACHINE,
        query = "SELECT a FROM ServerAction a WHERE a.machine = :machine AND a.state IN :open")
public class ServerAction {

    public static final String IN_ACCOUNT = "ServerAction.inAccount";
    public static final String BY_ID = "ServerAction.byId";
    public static final String OPEN_BY_MAC = "ServerAction.openByMac";
    public static final String OPEN_BY_ADDRESS = "ServerAction.openByAddress";
    public static final String OPEN_ON_MACHINE = "ServerAction.openOnMachine";

    /** What the machine boots. */
    public enum Kind {
        LOCAL_BOOT,
        RESCUE,
        INSTALL
    }

    /** The states of the status report (the specification's only enumerated states). */
    public enum State {
        PENDING,
        RUNNING,
        DONE,
        CANCELLED;

        /** Not finished: the machine still has this action (at most one per MAC and per IP address). */
        public static final Set<State> OPEN = Collections.unmodifiableSet(EnumSet.of(PENDING, RUNNING));

        public boolean isFinal() {
            return this == DONE || this == CANCELLED;
        }
    }

    private static final Map<State, Set<State>> TRANSITIONS = Map.of(
            State.PENDING, EnumSet.of(State.RUNNING, State.CANCELLED),
            State.RUNNING, EnumSet.of(State.RUNNING, State.DONE, State.CANCELLED),
            State.DONE, EnumSet.noneOf(State.class),
            State.CANCELLED, EnumSet.noneOf(State.class));

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(optional = false, fetch = FetchType.LAZY)
    @JoinColumn(name = "account_id")
    private Account account;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "machine_id")
    private Machine machine;

    /** The machine's id beside it, read without loading the machine (answers are shaped after the transaction). */
    @Column(name = "machine_id", insertable = false, updatable = false)
    private Long machineId;

    /** Lower case, colon separated ({@code aa:bb:cc:dd:ee:ff}). */
    @Column(name = "mac_address", nullable = false, length = 17)
    private String macAddress;

    /** The machine's IP address in canonical text (IPv4 dotted, IPv6 RFC 5952). */
    @Column(nullable = false, length = 45)
    private String address;

    @Enumerated(EnumType.STRING)
    @Column(name = "action", nullable = false, length = 16)
    private Kind kind;

    @Column(length = 64)
    private String template;

    @Column(length = 253)
    private String hostname;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private State state;

    @Column(name = "state_percent", nullable = false)
    private int statePercent;

    @Column(name = "state_text", length = 255)
    private String stateText;

    @Version
    private long version;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private LocalDateTime updatedAt;

    @Column(name = "finished_at")
    private LocalDateTime finishedAt;

    @OneToMany(mappedBy = "action", cascade = CascadeType.PERSIST)
    @OrderBy("id")
    private List<ServerActionReport> reports = new ArrayList<>();

    protected ServerAction() {}

    /** An action on one of the account's machines, for one of the machine's addresses. */
    public ServerAction(Machine machine, String address, Kind kind, String template, String hostname) {
        if (!machine.hasAddress(address)) {
            throw new IllegalArgumentException(address + " is not an address of the machine");
        }
        this.account = machine.account();
        this.machine = machine;
        this.machineId = machine.id();
        this.macAddress = machine.macAddress();
        this.address = address;
        this.kind = kind;
        this.template = template;
        this.hostname = hostname;
        this.state = State.PENDING;
        this.statePercent = 0;
        this.createdAt = LocalDateTime.now(ZoneOffset.UTC);
        this.updatedAt = createdAt;
    }

    /**
     * Moves to {@code next} as reported, or refuses with 409 when the state machine does not
     * allow it ({@link InvalidTransition}); every accepted report is kept in the history.
     */
    public ServerActionReport report(State next, int percent, String text, ServerActionReport.Reporter by) {
        if (percent < 0 || percent > 100) {
            throw new IllegalArgumentException("percent out of range: " + percent);
        }
        if (!TRANSITIONS.get(state).contains(next)) {
            throw new InvalidTransition(
                    state.isFinal()
                            ? "The server action is " + state + " already; that is final"
                            : "A server action cannot move from " + state + " to " + next);
        }
        if (state == State.RUNNING && next != State.CANCELLED && percent < statePercent) {
            throw new InvalidTransition(
                    "state_percent cannot fall below " + statePercent + " while the action is RUNNING");
        }
        state = next;
        statePercent = percent;
        stateText = text;
        updatedAt = LocalDateTime.now(ZoneOffset.UTC);
        if (next.isFinal()) {
            finishedAt = updatedAt;
        }
        ServerActionReport report = new ServerActionReport(this, next, percent, text, by);
        reports.add(report);
        return report;
    }

    /** The owner's cancellation: CANCELLED at the current percentage, from PENDING or RUNNING only. */
    public ServerActionReport cancel() {
        return report(State.CANCELLED, statePercent, "Cancelled by the owner", ServerActionReport.Reporter.OWNER);
    }

    /** The operator's cancellation, when the machine leaves the account or the inventory. */
    public ServerActionReport cancelByOperator(String why) {
        return report(State.CANCELLED, statePercent, why, ServerActionReport.Reporter.OPERATOR);
    }

    /**
     * An action scheduled before the inventory, on the machine the operator now registers to the
     * same account: from now on it is that machine's.
     */
    public void adoptedBy(Machine registered) {
        if (!registered.belongsTo(account.id())) {
            throw new IllegalArgumentException("a machine adopts only its own account's actions");
        }
        machine = registered;
        machineId = registered.id();
    }

    /** The machine's id; null for an action scheduled before the inventory or whose machine was removed. */
    public Long machineId() {
        return machineId;
    }

    public boolean hasMachine() {
        return machineId != null;
    }

    public Long id() {
        return id;
    }

    public Account account() {
        return account;
    }

    public String macAddress() {
        return macAddress;
    }

    public String address() {
        return address;
    }

    public Kind kind() {
        return kind;
    }

    public String template() {
        return template;
    }

    public String hostname() {
        return hostname;
    }

    public State state() {
        return state;
    }

    public int statePercent() {
        return statePercent;
    }

    public String stateText() {
        return stateText;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public LocalDateTime updatedAt() {
        return updatedAt;
    }

    public LocalDateTime finishedAt() {
        return finishedAt;
    }

    public List<ServerActionReport> reports() {
        return Collections.unmodifiableList(reports);
    }
}
