package net.hostingapi.datacenter.entity;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.QueryHint;
import jakarta.persistence.Table;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.hostingapi.accounts.entity.Account;

/**
 * A machine of the hoster's inventory: one MAC address and the IP addresses it boots and reports
 * from, registered by the operator to one account. Only that account schedules server actions on
 * it; a MAC or IP address belongs to at most one machine.
 */
@Entity
@Table(name = "machines")
// Lists read the accounts with the machines, and the addresses of all listed machines in one query.
@NamedQuery(
        name = Machine.ALL,
        query = "SELECT m FROM Machine m JOIN FETCH m.account ORDER BY m.id",
        hints = {
            @QueryHint(name = "eclipselink.batch", value = "m.addresses"),
            @QueryHint(name = "eclipselink.batch.type", value = "IN")
        })
@NamedQuery(
        name = Machine.IN_ACCOUNT,
        query = "SELECT m FROM Machine m JOIN FETCH m.account WHERE m.account.id = :account ORDER BY m.id",
        hints = {
            @QueryHint(name = "eclipselink.batch", value = "m.addresses"),
            @QueryHint(name = "eclipselink.batch.type", value = "IN")
        })
@NamedQuery(name = Machine.BY_MAC, query = "SELECT m FROM Machine m WHERE m.macAddress = :mac")
@NamedQuery(name = Machine.BY_ADDRESS, query = "SELECT m FROM Machine m JOIN m.addresses a WHERE a IN :addresses")
public class Machine {

    public static final String ALL = "Machine.all";
    public static final String IN_ACCOUNT = "Machine.inAccount";
    public static final String BY_MAC = "Machine.byMac";
    public static final String BY_ADDRESS = "Machine.byAddress";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(optional = false)
    @JoinColumn(name = "account_id")
    private Account account;

    /** Lower case, colon separated ({@code aa:bb:cc:dd:ee:ff}). */
    @Column(name = "mac_address", nullable = false, length = 17)
    private String macAddress;

    /** Canonical text (IPv4 dotted, IPv6 RFC 5952), in the order the operator gave them. */
    @ElementCollection(fetch = FetchType.EAGER)
    @CollectionTable(name = "machine_addresses", joinColumns = @JoinColumn(name = "machine_id"))
    @OrderColumn(name = "position")
    @Column(name = "address", nullable = false, length = 45)
    private List<String> addresses = new ArrayList<>();

    @Column(length = 253)
    private String hostname;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private LocalDateTime updatedAt;

    protected Machine() {}

    public Machine(Account account, String macAddress, List<String> addresses, String hostname) {
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException("a machine has at least one IP address");
        }
        this.account = account;
        this.macAddress = macAddress;
        this.addresses = new ArrayList<>(addresses);
        this.hostname = hostname;
        this.createdAt = LocalDateTime.now(ZoneOffset.UTC);
        this.updatedAt = createdAt;
    }

    public boolean belongsTo(long accountId) {
        return account.id() == accountId;
    }

    /** Whether the machine boots and reports from {@code address} (canonical text). */
    public boolean hasAddress(String address) {
        return addresses.contains(address);
    }

    /** The address an action is scheduled for when none is named: the first the operator gave. */
    public String firstAddress() {
        return addresses.get(0);
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

    public List<String> addresses() {
        return Collections.unmodifiableList(addresses);
    }

    public String hostname() {
        return hostname;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public LocalDateTime updatedAt() {
        return updatedAt;
    }
}
