package net.hostingapi.support;

import java.util.List;
import java.util.Set;
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

/**
 * One Payara Micro for every test class that deploys the service's WAR as it ships and tests it
 * from outside ({@code @Deployment(testable = false)} of {@link Deployments#service()}): the
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

        /** The running shared deployment, null when none runs. */
        private DeploymentScenario shared;

        private boolean sharing;

        public void generate(@Observes EventContext<GenerateDeployment> context) {
            context.proceed();
            Class<?> test = context.getEvent().getTestClass().getJavaClass();
            sharing = !test.isAnnotationPresent(OwnServer.class) && shareable(scenario.get());
            if (sharing && shared != null && sameArchive(shared, scenario.get())) {
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

        private static boolean sameArchive(DeploymentScenario a, DeploymentScenario b) {
            return paths(a).equals(paths(b));
        }

        private static Set<ArchivePath> paths(DeploymentScenario scenario) {
            return scenario.deployments()
                    .get(0)
                    .getDescription()
                    .getArchive()
                    .getContent()
                    .keySet();
        }
    }
}
