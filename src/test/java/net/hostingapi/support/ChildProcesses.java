package net.hostingapi.support;

import java.util.concurrent.TimeUnit;

/** Stopping the servers the tests start (PowerDNS, BIND): politely, then for good. */
public final class ChildProcesses {

    private ChildProcesses() {}

    /** SIGTERM, up to 15 s to finish, then SIGKILL. */
    public static void stop(Process process) {
        process.destroy();
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
