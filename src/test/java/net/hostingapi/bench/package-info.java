/**
 * The benchmark harness ({@code mvn -Pbench package}, README "Performance"), which drives the
 * service and PowerDNS's own HTTP API side by side on one MariaDB with the same load client and
 * which the suites never run.
 */
package net.hostingapi.bench;
