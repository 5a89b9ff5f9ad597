package net.hostingapi.datacenter.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import net.hostingapi.datacenter.entity.InvalidTransition;
import net.hostingapi.datacenter.entity.Machine;
import net.hostingapi.datacenter.entity.ServerAction;
import net.hostingapi.datacenter.entity.ServerAction.State;
import net.hostingapi.datacenter.entity.ServerActionReport;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.Message;
import org.junit.jupiter.api.Test;

/** What the state machine refuses is answered 409 INVALID_TRANSITION, in the state machine's words. */
class ServerActionRefusalTest {

    private static ServerAction pending() {
        return new ServerAction(
                new Machine(null, "aa:bb:cc:dd:ee:ff", List.of("192.0.2.1"), null),
                "192.0.2.1",
                ServerAction.Kind.RESCUE,
                null,
                null);
    }

    private static void assertRefusal(String text, InvalidTransition refused) {
        ApiException answer = ServerActions.refusal(refused);
        assertEquals(409, answer.status());
        assertEquals(1, answer.errors().size());
        Message error = answer.errors().get(0);
        assertEquals(MachineMessages.INVALID_TRANSITION, error.code());
        assertEquals(text, error.text());
        assertEquals(null, error.field());
    }

    @Test
    void aCancelledActionCannotBeCancelledAgain() {
        ServerAction action = pending();
        action.cancel();
        assertRefusal(
                "The server action is CANCELLED already; that is final",
                assertThrows(InvalidTransition.class, action::cancel));
    }

    @Test
    void anIllegalMoveIsRefused() {
        ServerAction action = pending();
        assertRefusal(
                "A server action cannot move from PENDING to DONE",
                assertThrows(
                        InvalidTransition.class,
                        () -> action.report(State.DONE, 100, "x", ServerActionReport.Reporter.MACHINE)));
    }

    @Test
    void percentFallingWhileRunningIsRefused() {
        ServerAction action = pending();
        action.report(State.RUNNING, 40, "copying", ServerActionReport.Reporter.MACHINE);
        assertRefusal(
                "state_percent cannot fall below 40 while the action is RUNNING",
                assertThrows(
                        InvalidTransition.class,
                        () -> action.report(State.RUNNING, 39, "back", ServerActionReport.Reporter.MACHINE)));
    }
}
