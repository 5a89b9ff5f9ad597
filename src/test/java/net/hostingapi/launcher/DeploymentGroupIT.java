package net.hostingapi.launcher;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import net.hostingapi.support.MariaDbExtension;
import net.hostingapi.support.PayaraServerDomain;
import net.hostingapi.support.PowerDnsServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The WAR on a Payara Server deployment group of two instances, as an estate clusters it
 * (deployment.md, Payara Server): one domain, its instances on one named configuration, the
 * datasource and mail session referenced by the group, the WAR deployed to the group. Both
 * instances on one MariaDB (a database of this test's own) and one PowerDNS run {@link
 * TwoInstanceScenario}, the scenario {@link ClusterIT} runs on Payara Micro, with instance B's
 * JVM killed with kill -9. Everything listens on 127.0.0.1, the data grid too.
 */
@ExtendWith(MariaDbExtension.class)
class DeploymentGroupIT {

    private static final String GROUP = "hosting-group";
    private static final String CONFIG = "hosting-group-config";
    private static final List<String> INSTANCES = List.of("hosting-a", "hosting-b");
    private static final String NODE = "hosting-node";

    private final Path dir = Path.of("target", "deployment-group").toAbsolutePath();

    @Test
    void twoInstancesOfADeploymentGroupServeOneApiAndPublishEverythingWhenOneDies() throws Exception {
        ServiceLauncher.deleteTree(dir);
        Files.createDirectories(dir);
        String dbUrl = ClusterIT.freshDatabase("_group");
        PowerDnsServer pdns =
                PowerDnsServer.create(dir.resolve("pdns"), EmbeddedMariaDb.freePort(), EmbeddedMariaDb.freePort());
        pdns.start();
        long started = System.nanoTime();
        try (PayaraServerDomain domain = PayaraServerDomain.started(dir, "group", environment(dbUrl, pdns))) {
            try {
                run(domain, dbUrl, pdns, started);
            } finally {
                stopInstances(domain);
            }
        } finally {
            pdns.stop();
        }
    }

    private void run(PayaraServerDomain domain, String dbUrl, PowerDnsServer pdns, long started) throws Exception {
        domain.configured("default-config");
        domain.loopbackOnly("server-config");
        domain.loopbackOnly("default-config");
        domain.dataGrid("hosting-" + Long.toHexString(System.nanoTime()));
        domain.restarted();
        domain.asadmin("copy-config", "default-config", CONFIG);
        // the instances' data grid members on ports of their own (Payara's default, 5900 on, is anyone's)
        domain.asadmin(
                "set-hazelcast-configuration",
                "--target",
                CONFIG,
                "--configspecificdatagridstartport",
                Integer.toString(domain.portBase() + 90));
        // a node of this test's own: its instances' directories in the test's directory, made afresh each run
        domain.asadmin(
                "create-node-config",
                "--nodehost",
                "127.0.0.1",
                "--nodedir",
                dir.resolve("nodes").toString(),
                NODE);
        domain.asadmin("create-deployment-group", GROUP);
        int[] ports = new int[INSTANCES.size()];
        Set<Integer> blocks = new java.util.TreeSet<>(Set.of(domain.portBase()));
        int nextBlock = domain.portBase() + 100;
        for (int i = 0; i < INSTANCES.size(); i++) {
            String instance = INSTANCES.get(i);
            int portBase = PayaraServerDomain.freePortBlock(nextBlock);
            nextBlock = portBase + 100;
            blocks.add(portBase);
            ports[i] = portBase + 80;
            Path data = dir.resolve(instance);
            // what is an instance's alone, as system properties (MicroProfile Config reads them as it reads
            // the environment): its data, its DNS UPDATE port, its HTTP port for the links it writes
            domain.asadmin(
                    "create-instance",
                    "--node",
                    NODE,
                    "--config",
                    CONFIG,
                    "--portbase",
                    Integer.toString(portBase),
                    "--systemproperties",
                    "DATA_DIR=" + data + ":MAIL_OUTBOX_DIR=" + data.resolve("outbox") + ":DNS_UPDATE_PORT="
                            + EmbeddedMariaDb.freePort() + ":HTTP_PORT=" + ports[i],
                    instance);
            domain.asadmin("add-instance-to-deployment-group", "--instance", instance, "--deploymentgroup", GROUP);
        }
        domain.asadmin("create-resource-ref", "--target", GROUP, "jdbc/hosting");
        domain.asadmin("create-resource-ref", "--target", GROUP, "mail/hosting");
        domain.asadmin("start-deployment-group", GROUP);
        domain.asadmin("deploy", "--target", GROUP, "--contextroot", "/", PayaraServerDomain.WAR.toString());
        for (int port : ports) {
            TwoInstanceScenario.awaitAnswer(port, () -> true);
        }
        Map<String, List<ListeningSockets.Listener>> listening = new TreeMap<>();
        listening.put("DAS", ListeningSockets.of(domain.pid()));
        for (String instance : INSTANCES) {
            listening.put(instance, ListeningSockets.of(instancePid(instance)));
        }
        System.out.printf(
                "[deployment-group] a domain, a deployment group of two instances (HTTP %d and %d), the WAR deployed"
                        + " to it and answering in %.1f s; TCP listeners: %s%n",
                ports[0], ports[1], seconds(started), listening);
        listening.forEach((process, addresses) -> {
            assertTrue(addresses.size() >= 3, process + " listens (HTTP, admin, data grid): " + addresses);
            // the ports the domain and its instances were given (their blocks of 100, the data grid's among
            // them); an ephemeral one, once seen on the DAS on every address (:::44729, not reproduced by hand),
            // is printed above, not asserted
            assertTrue(
                    addresses.stream()
                            .filter(a -> blocks.contains(a.port() / 100 * 100))
                            .allMatch(a -> a.address().equals("127.0.0.1")),
                    process + " listens on 127.0.0.1 only, its data grid member too: " + addresses);
        });

        new TwoInstanceScenario(
                        TwoInstanceScenario.url(ports[0]),
                        TwoInstanceScenario.url(ports[1]),
                        pdns,
                        dbUrl,
                        "[deployment-group]")
                .run(() -> {
                    long pid = instancePid(INSTANCES.get(1));
                    ProcessHandle b = ProcessHandle.of(pid).orElseThrow();
                    assertTrue(b.destroyForcibly(), "kill -9 of instance B");
                    b.onExit().join();
                });
    }

    /**
     * The domain's environment, which its instances inherit: this test's database, and what {@link
     * TwoInstanceScenario} runs instances with.
     */
    private Map<String, String> environment(String dbUrl, PowerDnsServer pdns) {
        Map<String, String> env = new HashMap<>(TwoInstanceScenario.environment(pdns));
        // the run command adds the driver's timeouts to DB_URL; on Payara Server the URL names them (deployment.md).
        // The socket timeout as ClusterIT sets it: a writer queued behind the others on the shared zone's lock.
        env.put("DB_URL", dbUrl + (dbUrl.contains("?") ? "&" : "?") + "connectTimeout=3000&socketTimeout=60000");
        env.put("DNS_UPDATE_ADDRESS", "127.0.0.1");
        return env;
    }

    /** The instance's JVM, from the pid file it writes in its node's directory. */
    private long instancePid(String instance) throws IOException {
        return Long.parseLong(
                Files.readString(instanceDir(instance).resolve("config/pid")).strip());
    }

    private Path instanceDir(String instance) {
        return dir.resolve("nodes").resolve(NODE).resolve(instance);
    }

    /**
     * The instances outlive their DAS: each one alive is stopped (stop-deployment-group waited minutes
     * for the instance the test had killed), and any JVM still there killed.
     */
    private void stopInstances(PayaraServerDomain domain) {
        for (String instance : INSTANCES) {
            java.util.Optional<ProcessHandle> process;
            try {
                process = ProcessHandle.of(instancePid(instance)).filter(ProcessHandle::isAlive);
            } catch (IOException | RuntimeException none) {
                continue; // never started
            }
            if (process.isEmpty()) {
                continue;
            }
            try {
                domain.asadmin("stop-instance", instance);
            } catch (IOException | InterruptedException | AssertionError e) {
                System.out.println("[deployment-group] stop-instance " + instance + ": " + e);
            }
            process.get().destroyForcibly();
            process.get().onExit().join();
        }
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
