/**
 * Starts the service for a developer (the README's run command) and the embedded MariaDB that it
 * and the tests use; not part of the WAR.
 */
package net.hostingapi.launcher;
