package net.hostingapi.datacenter.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.hostingapi.datacenter.IpxeSyntax;
import net.hostingapi.datacenter.entity.ServerAction.Kind;
import net.hostingapi.datacenter.entity.ServerAction.State;
import org.junit.jupiter.api.Test;

/**
 * The scripts for every kind and state, with kernels or chained scripts, and with hostile
 * values where a value can come from outside: each must pass the strict syntax check, and no
 * value may add a command, a comment or an expansion.
 */
class IpxeScriptsTest {

    private static final String STATUS = "http://api.example/api/v1/datacenter/server-actions/status";
    private static final IpxeScripts.Boot RESCUE = new IpxeScripts.Boot(
            "http://boot.example/rescue/vmlinuz",
            "http://boot.example/rescue/initrd.img",
            "console=ttyS0 boot=live",
            null);
    private static final IpxeScripts.Boot INSTALL = new IpxeScripts.Boot(
            "http://boot.example/{template}/linux",
            "http://boot.example/{template}/initrd.gz",
            "auto=true url=http://boot.example/preseed/{template}.cfg hostname={hostname}",
            null);
    private static final IpxeScripts.Settings SETTINGS =
            new IpxeScripts.Settings(STATUS, Map.of(Kind.RESCUE, RESCUE, Kind.INSTALL, INSTALL), 10);

    private static final List<String> HOSTILE = List.of(
            "x\nshell",
            "x ${net0/mac}",
            "x || shell",
            "x && shell",
            "x ; shell",
            "#x",
            "x #y",
            "-n",
            "\"x\" 'y' \\z",
            "ü é ☃",
            "x\r\nchain http://evil.example/",
            "$x {y} |z| &w",
            ":label",
            "x\u2028y",
            "a".repeat(300));

    private static IpxeScripts.Machine machine(
            Kind kind, State state, String template, String hostname, String stateText) {
        return new IpxeScripts.Machine(
                42, kind, state, 30, stateText, template, hostname, "aa:bb:cc:dd:ee:ff", "192.0.2.10");
    }

    @Test
    void aPendingInstallChainsToItsKernelWithTheStatusUrl() {
        String script =
                IpxeScripts.file(SETTINGS, machine(Kind.INSTALL, State.PENDING, "debian-12", "web1.example.com", null));
        IpxeSyntax.assertValid(script);
        assertTrue(script.startsWith("#!ipxe\n"));
        assertTrue(
                script.contains("\nkernel http://boot.example/debian-12/linux initrd=initrd auto=true "
                        + "url=http://boot.example/preseed/debian-12.cfg hostname=web1.example.com server_action=42 status_url="
                        + STATUS
                        + " template=debian-12 || goto failed\n"),
                script);
        assertTrue(
                script.contains("\ninitrd --name initrd http://boot.example/debian-12/initrd.gz || goto failed\n"),
                script);
        assertTrue(script.contains("\nboot || goto failed\n:failed\n"), script);
        assertTrue(script.endsWith("\n" + IpxeScripts.LOCAL_BOOT + "\n"), "a failed boot falls back to the local disk");
    }

    @Test
    void aPendingRescueBootsTheRescueSystem() {
        String script = IpxeScripts.file(SETTINGS, machine(Kind.RESCUE, State.PENDING, null, null, null));
        IpxeSyntax.assertValid(script);
        assertTrue(
                script.contains(
                        "kernel http://boot.example/rescue/vmlinuz initrd=initrd console=ttyS0 boot=live server_action=42 status_url="
                                + STATUS + " || goto failed"),
                script);
        assertFalse(script.contains("template="));
    }

    @Test
    void nothingPendingBootsTheLocalDisk() {
        String none = IpxeScripts.file(SETTINGS, null);
        IpxeSyntax.assertValid(none);
        assertTrue(none.startsWith("#!ipxe\n"));
        assertTrue(none.contains("\nsanboot --no-describe --drive 0x80 || exit\n"));
        assertFalse(none.contains("kernel"));
        for (State state : List.of(State.RUNNING)) {
            assertEquals(
                    none,
                    IpxeScripts.file(SETTINGS, machine(Kind.INSTALL, state, "debian-12", null, "copying")),
                    "a started action is not booted again, and says nothing of itself");
        }
        String local = IpxeScripts.file(SETTINGS, machine(Kind.LOCAL_BOOT, State.PENDING, null, null, null));
        IpxeSyntax.assertValid(local);
        assertTrue(local.contains("Server action 42") && local.contains("sanboot --no-describe --drive 0x80 || exit"));
        assertFalse(local.contains("kernel"));
    }

    @Test
    void aScriptUrlIsChainedToWithTheActionInSettings() {
        IpxeScripts.Settings chained = new IpxeScripts.Settings(
                STATUS,
                Map.of(
                        Kind.INSTALL,
                        new IpxeScripts.Boot(
                                null, null, null, "https://boot.example/install.ipxe?template={template}&mac={mac}")),
                5);
        String script = IpxeScripts.file(chained, machine(Kind.INSTALL, State.PENDING, "alma-9", null, null));
        IpxeSyntax.assertValid(script);
        assertTrue(
                script.contains(
                        "\nset server_action 42\nset status_url " + STATUS + "\nset template alma-9\n"
                                + "chain --autofree https://boot.example/install.ipxe?template=alma-9&mac=aa:bb:cc:dd:ee:ff || goto failed\n"),
                script);
    }

    @Test
    void aKindWithoutBootConfigurationBootsLocally() {
        IpxeScripts.Settings bare = new IpxeScripts.Settings(STATUS, Map.of(), 5);
        String script = IpxeScripts.file(bare, machine(Kind.RESCUE, State.PENDING, null, null, null));
        IpxeSyntax.assertValid(script);
        assertFalse(script.contains("kernel"));
        assertTrue(script.contains("sanboot"));
    }

    @Test
    void theMenuOffersTheLocalDiskAndThePendingActionAsDefault() {
        String menu = IpxeScripts.menu(
                SETTINGS,
                "aa:bb:cc:dd:ee:ff",
                machine(Kind.INSTALL, State.PENDING, "debian-12", "web1.example.com", null));
        IpxeSyntax.assertValid(menu);
        assertTrue(menu.startsWith("#!ipxe\nmenu Boot menu for web1.example.com\n"), menu);
        assertTrue(
                menu.contains(
                        "\nitem local Boot from the local disk\nitem install Install debian-12 on web1.example.com\n"),
                menu);
        assertTrue(
                menu.contains(
                        "\nchoose --default install --timeout 10000 selected || goto local\ngoto ${selected}\n:install\nkernel "),
                menu);
        assertTrue(menu.contains("status_url=" + STATUS), menu);
        assertTrue(menu.endsWith(":local\n" + IpxeScripts.LOCAL_BOOT + "\n"));
    }

    @Test
    void theMenuOfAnUnknownOrBusyMachineDefaultsToTheLocalDisk() {
        String unknown = IpxeScripts.menu(SETTINGS, "192.0.2.99", null);
        IpxeSyntax.assertValid(unknown);
        assertTrue(unknown.contains("menu Boot menu for 192.0.2.99\n"));
        assertTrue(unknown.contains("choose --default local --timeout 10000 selected"));
        assertFalse(unknown.contains("kernel"));
        String running = IpxeScripts.menu(
                SETTINGS, "192.0.2.10", machine(Kind.RESCUE, State.RUNNING, null, null, "Rescue shell up"));
        IpxeSyntax.assertValid(running);
        assertTrue(
                running.contains(
                        "item --gap Server action 42: Rescue system, RUNNING 30%\nitem --gap Last report: Rescue shell up\n"),
                running);
        assertTrue(running.contains("choose --default local"));
        assertFalse(running.contains("kernel"), "a started action is not offered again");
    }

    @Test
    void hostileValuesCannotInjectAnything() {
        for (String hostile : HOSTILE) {
            IpxeScripts.Machine machine = new IpxeScripts.Machine(
                    7, Kind.INSTALL, State.PENDING, 0, hostile, hostile, hostile, hostile, hostile);
            IpxeScripts.Settings settings = new IpxeScripts.Settings(
                    "http://api.example/" + hostile,
                    Map.of(
                            Kind.INSTALL,
                            new IpxeScripts.Boot(
                                    "http://boot.example/" + hostile,
                                    "http://boot.example/{template}",
                                    hostile + " {hostname} {template}",
                                    null)),
                    3);
            List<String> scripts = new ArrayList<>(
                    List.of(IpxeScripts.file(settings, machine), IpxeScripts.menu(settings, hostile, machine)));
            IpxeScripts.Settings chained = new IpxeScripts.Settings(
                    hostile,
                    Map.of(
                            Kind.INSTALL,
                            new IpxeScripts.Boot(null, null, null, "http://boot.example/{template}/" + hostile)),
                    3);
            scripts.add(IpxeScripts.file(chained, machine));
            scripts.add(IpxeScripts.menu(
                    chained,
                    hostile,
                    new IpxeScripts.Machine(
                            7, Kind.RESCUE, State.RUNNING, 0, hostile, null, hostile, hostile, hostile)));
            for (String script : scripts) {
                IpxeSyntax.assertValid(script);
                // What a hostile value may become is a word of text or an argument, never a line of its own.
                assertTrue(
                        script.lines()
                                .noneMatch(line -> line.startsWith("shell")
                                        || line.startsWith("chain http://evil")
                                        || line.startsWith(":label")),
                        "no injected command: " + script);
            }
        }
    }

    @Test
    void textAndWordsKeepOnlyTheirAllowList() {
        assertEquals("Copying files 40% (disk 1/2)", IpxeText.text("  Copying   files 40% (disk 1/2)\t"));
        assertEquals("a_b _ c_ _x_", IpxeText.text("a$b # c; {x}"));
        assertEquals(IpxeText.MAX_TEXT, IpxeText.text("y".repeat(500)).length());
        assertEquals("http://x.example/a%20b%24%7Bc%7D%23d", IpxeText.word("http://x.example/a b${c}#d"));
        assertEquals("%26%26", IpxeText.word("&&"));
        assertEquals("%7C%7C", IpxeText.word("||"));
        assertEquals("%3B", IpxeText.word(";"));
        assertEquals("%C3%BC", IpxeText.word("ü"));
    }

    @Test
    void theSyntaxCheckRefusesWhatTheScriptsMustNeverContain() {
        List<String> bad = List.of(
                "#!ipxe\necho ${net0/mac}\n",
                "#!ipxe\nkernel http://x.example/k ; shell\n",
                "#!ipxe\necho hello\nshell\n",
                "#!ipxe\nkernel http://x.example/k && shell\n",
                "#!ipxe\nitem x Text\nchoose --default x selected\n",
                "#!ipxe\ngoto nowhere\n",
                "#!ipxe\nkernel http://x.example/k a#b $x\n",
                "#!ipxe\necho -n text\n",
                "#!ipxe\nset x ${y}\n",
                "echo no shebang\n",
                "#!ipxe\nsanboot --drive 0x81\n",
                "#!ipxe\nchain http://x.example/a http://x.example/b\n",
                "#!ipxe\necho caf\u00e9\n");
        for (String script : bad) {
            assertFalse(IpxeSyntax.problems(script).isEmpty(), "should be refused: " + script);
        }
    }
}
