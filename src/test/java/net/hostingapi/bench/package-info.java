/**
 * The benchmark harness ({@code mvn -Pbench package}, README "Performance"): the service and PowerDNS's own
 * HTTP API side by side on one MariaDB, driven by the same load client. Not a test: the suites never run it.
 */
package net.hostingapi.bench;
