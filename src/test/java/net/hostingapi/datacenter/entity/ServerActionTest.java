package net.hostingapi.datacenter.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.hostingapi.datacenter.entity.ServerAction.State;
import org.junit.jupiter.api.Test;

/** The state machine of api.md, Server actions, every pair of states. */
class ServerActionTest {

    private static final Map<State, Set<State>> LEGAL = Map.of(
            State.PENDING, EnumSet.of(State.RUNNING, State.CANCELLED),
            State.RUNNING, EnumSet.of(State.RUNNING, State.DONE, State.CANCELLED),
            State.DONE, EnumSet.noneOf(State.class),
            State.CANCELLED, EnumSet.noneOf(State.class));

    private static ServerAction actionIn(State state) {
        ServerAction action = new ServerAction(
                new Machine(null, "aa:bb:cc:dd:ee:ff", List.of("192.0.2.1"), null),
                "192.0.2.1",
                ServerAction.Kind.RESCUE,
                null,
                null);
        switch (state) {
            case PENDING -> {}
            case RUNNING -> action.report(State.RUNNING, 10, "booted", ServerActionReport.Reporter.MACHINE);
            case DONE -> {
                action.report(State.RUNNING, 10, "booted", ServerActionReport.Reporter.MACHINE);
                action.report(State.DONE, 100, "finished", ServerActionReport.Reporter.MACHINE);
            }
            case CANCELLED -> action.cancel();
        }
        assertEquals(state, action.state());
        return action;
    }

    @Test
    void everyTransitionIsAllowedOrRefusedAsTheContractSays() {
        for (State from : State.values()) {
            for (State to : State.values()) {
                ServerAction action = actionIn(from);
                int reports = action.reports().size();
                if (LEGAL.get(from).contains(to)) {
                    action.report(to, 50, "step", ServerActionReport.Reporter.MACHINE);
                    assertEquals(to, action.state(), from + " -> " + to);
                    assertEquals(reports + 1, action.reports().size());
                } else {
                    InvalidTransition refused = assertThrows(
                            InvalidTransition.class,
                            () -> action.report(to, 50, "step", ServerActionReport.Reporter.MACHINE),
                            from + " -> " + to);
                    assertEquals(
                            from.isFinal()
                                    ? "The server action is " + from + " already; that is final"
                                    : "A server action cannot move from " + from + " to " + to,
                            refused.getMessage());
                    assertEquals(from, action.state(), "unchanged");
                    assertEquals(reports, action.reports().size(), "nothing recorded");
                }
            }
        }
    }

    @Test
    void percentNeverFallsWhileRunning() {
        ServerAction action = actionIn(State.RUNNING);
        action.report(State.RUNNING, 40, "copying", ServerActionReport.Reporter.MACHINE);
        action.report(State.RUNNING, 40, "still copying", ServerActionReport.Reporter.MACHINE);
        InvalidTransition fell = assertThrows(
                InvalidTransition.class,
                () -> action.report(State.RUNNING, 39, "back", ServerActionReport.Reporter.MACHINE));
        assertEquals("state_percent cannot fall below 40 while the action is RUNNING", fell.getMessage());
        assertThrows(
                InvalidTransition.class,
                () -> action.report(State.DONE, 20, "done", ServerActionReport.Reporter.MACHINE),
                "nor when it finishes");
        assertEquals(40, action.statePercent());
        action.report(State.CANCELLED, 5, "aborted", ServerActionReport.Reporter.MACHINE);
        assertEquals(State.CANCELLED, action.state(), "a cancellation may report any percentage");
    }

    @Test
    void percentBoundsAreGuarded() {
        ServerAction action = actionIn(State.PENDING);
        assertThrows(
                IllegalArgumentException.class,
                () -> action.report(State.RUNNING, -1, "x", ServerActionReport.Reporter.MACHINE));
        assertThrows(
                IllegalArgumentException.class,
                () -> action.report(State.RUNNING, 101, "x", ServerActionReport.Reporter.MACHINE));
        action.report(State.RUNNING, 0, "x", ServerActionReport.Reporter.MACHINE);
        action.report(State.RUNNING, 100, "x", ServerActionReport.Reporter.MACHINE);
        assertEquals(100, action.statePercent());
    }

    @Test
    void finishingStampsTheTimeAndTheHistoryKeepsWhoReported() {
        ServerAction action = actionIn(State.RUNNING);
        assertNull(action.finishedAt());
        action.cancel();
        assertNotNull(action.finishedAt());
        assertEquals(ServerActionReport.Reporter.OWNER, action.reports().get(1).reportedBy());
        assertEquals(10, action.reports().get(1).statePercent(), "cancelled at the percentage reached");
        assertThrows(InvalidTransition.class, action::cancel, "a cancelled action cannot be cancelled again");
    }
}
