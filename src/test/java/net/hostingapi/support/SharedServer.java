package net.hostingapi.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jboss.arquillian.container.spi.ContainerRegistry;
import org.jboss.arquillian.container.spi.client.deployment.Deployment;
import org.jboss.arquillian.container.spi.client.deployment.DeploymentDescription;
import org.jboss.arquillian.container.spi.client.deployment.DeploymentScenario;
import org.jboss.arquillian.container.spi.event.DeployManagedDeployments;
import org.jboss.arquillian.container.spi.event.UnDeployDeployment;
import org.jboss.arquillian.container.spi.event.UnDeployManagedDeployments;
import org.jboss.arquillian.container.test.impl.client.deployment.event.GenerateDeployment;
import org.jboss.arquillian.core.api.Event;
import org.jboss.arquillian.core.api.Instance;
import org.jboss.arquillian.core.api.InstanceProducer;
import org.jboss.arquillian.core.api.annotation.Inject;
import org.jboss.arquillian.core.api.annotation.Observes;
import org.jboss.arquillian.core.spi.EventContext;
import org.jboss.arquillian.core.spi.LoadableExtension;
import org.jboss.arquillian.test.spi.annotation.ClassScoped;
import org.jboss.arquillian.test.spi.event.suite.AfterSuite;
import org.jboss.shrinkwrap.api.ArchivePath;
import org.jboss.shrinkwrap.api.Node;
import org.jboss.shrinkwrap.api.asset.Asset;

/**
 * One Payara Micro for every test class that deploys the service's WAR as it ships and tests it
 * from outside ({@code @Deployment(testable = false)} of {@link Deployments#service()}, entry
 * for entry the same bytes): the
 * managed container starts a Payara per deployment, some 23 s each on a CI machine, most of the
 * suite's time. The first such class deploys; later ones find it running and use it; it is
 * undeployed when a class with a deployment of its own comes (extra classes, an in-container
 * test, {@link OwnServer}) and at the end of the run. Classes share the database already, so
 * nothing they may assume changes but the JVM's uptime.
 */
public class SharedServer implements LoadableExtension {

    @Override
    public void register(ExtensionBuilder builder) {
        builder.observer(Deployer.class);
    }

    /** Keeps the shared deployment up between the classes that can use it. */
    public static class Deployer {

        @Inject
        @ClassScoped
        private InstanceProducer<DeploymentScenario> scenario;

        @Inject
        private Instance<ContainerRegistry> containers;

        @Inject
        private Event<UnDeployDeployment> undeploy;

        /** The running shared deployment, null when none runs, and the digest of its archive. */
        private DeploymentScenario shared;

        private byte[] sharedContent;

        /** Whether the current class may use the shared deployment, or become it; and its archive's digest. */
        private boolean sharing;

        private byte[] classContent;

        public void generate(@Observes EventContext<GenerateDeployment> context) {
            context.proceed();
            Class<?> test = context.getEvent().getTestClass().getJavaClass();
            sharing = !test.isAnnotationPresent(OwnServer.class) && shareable(scenario.get());
            classContent = sharing ? content(scenario.get()) : null;
            if (sharing && shared != null && Arrays.equals(sharedContent, classContent)) {
                scenario.set(shared);
            }
        }

        public void deploy(@Observes EventContext<DeployManagedDeployments> context) {
            if (sharing && scenario.get() == shared) {
                return;
            }
            stopShared();
            context.proceed();
            if (sharing) {
                shared = scenario.get();
                sharedContent = classContent;
            }
        }

        public void undeploy(@Observes EventContext<UnDeployManagedDeployments> context) {
            if (!sharing || scenario.get() != shared) {
                context.proceed();
            }
        }

        public void end(@Observes(precedence = 100) AfterSuite event) {
            stopShared();
        }

        private void stopShared() {
            if (shared == null) {
                return;
            }
            DeploymentScenario running = shared;
            shared = null;
            sharedContent = null;
            for (Deployment deployment : running.deployedDeploymentsInUnDeployOrder()) {
                undeploy.fire(new UnDeployDeployment(
                        containers
                                .get()
                                .getContainer(deployment.getDescription().getTarget()),
                        deployment));
            }
        }

        private static boolean shareable(DeploymentScenario scenario) {
            List<Deployment> deployments = scenario.deployments();
            if (deployments.size() != 1) {
                return false;
            }
            DeploymentDescription description = deployments.get(0).getDescription();
            return description.managed() && !description.testable() && description.isArchiveDeployment();
        }

        /**
         * SHA-256 of the archive's entries, names and bytes: a class that replaces one file of the
         * WAR keeps its paths, and must not be answered by a server without that change.
         */
        private static byte[] content(DeploymentScenario scenario) {
            try {
                MessageDigest digest = MessageDigest.getInstance("SHA-256");
                Map<ArchivePath, Node> entries = new TreeMap<>(scenario.deployments()
                        .get(0)
                        .getDescription()
                        .getArchive()
                        .getContent());
                for (Map.Entry<ArchivePath, Node> entry : entries.entrySet()) {
                    digest.update(entry.getKey().get().getBytes(StandardCharsets.UTF_8));
                    digest.update((byte) 0);
                    Asset asset = entry.getValue().getAsset();
                    if (asset != null) {
                        try (InputStream in = asset.openStream()) {
                            in.transferTo(new DigestOutputStream(OutputStream.nullOutputStream(), digest));
                        }
                    }
                }
                return digest.digest();
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
