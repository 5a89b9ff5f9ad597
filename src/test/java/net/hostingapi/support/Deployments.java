package net.hostingapi.support;

import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The WAR the build produced, deployed as it ships (ROOT.war: the context root is /). */
public final class Deployments {

    private Deployments() {}

    public static WebArchive service() {
        return ShrinkWrap.createFromZipFile(
                WebArchive.class, new File(System.getProperty("war.file", "target/ROOT.war")));
    }
}
