/**
 * The benchmark harness ({@code mvn -Pbench package}, README "Performance"), which drives the
 * service beside PowerDNS's own HTTP API on one MariaDB with the same load client; the test suites
 * never run it.
 */
package net.hostingapi.bench;
