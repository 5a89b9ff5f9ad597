/**
 * The run command ({@code mvn -Prun package}), which starts Payara Micro with the WAR on an
 * embedded MariaDB unless DB_URL names another, for a developer, the tests or the benchmark; never
 * part of the WAR.
 */
package net.hostingapi.launcher;
