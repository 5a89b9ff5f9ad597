package net.hostingapi.datacenter.entity;

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
import jakarta.persistence.Table;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** One entry of an action's history: a progress report of the machine, or the owner's cancellation. */
@Entity
@Table(name = "server_action_reports")
public class ServerActionReport {

    /** Who made the report. */
    public enum Reporter {
        MACHINE,
        OWNER,
        OPERATOR
    }

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(optional = false, fetch = FetchType.LAZY)
    @JoinColumn(name = "action_id")
    private ServerAction action;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private ServerAction.State state;

    @Column(name = "state_percent", nullable = false)
    private int statePercent;

    @Column(name = "state_text", nullable = false, length = 255)
    private String stateText;

    @Enumerated(EnumType.STRING)
    @Column(name = "reported_by", nullable = false, length = 16)
    private Reporter reportedBy;

    @Column(name = "reported_at", nullable = false)
    private LocalDateTime reportedAt;

    protected ServerActionReport() {}

    ServerActionReport(
            ServerAction action, ServerAction.State state, int statePercent, String stateText, Reporter reportedBy) {
        this.action = action;
        this.state = state;
        this.statePercent = statePercent;
        this.stateText = stateText;
        this.reportedBy = reportedBy;
        this.reportedAt = LocalDateTime.now(ZoneOffset.UTC);
    }

    public Long id() {
        return id;
    }

    public ServerAction.State state() {
        return state;
    }

    public int statePercent() {
        return statePercent;
    }

    public String stateText() {
        return stateText;
    }

    public Reporter reportedBy() {
        return reportedBy;
    }

    public LocalDateTime reportedAt() {
        return reportedAt;
    }
}
