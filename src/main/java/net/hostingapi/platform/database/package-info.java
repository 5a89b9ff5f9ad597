/** The service's plumbing to MariaDB, which every area relies on. */
package net.hostingapi.platform.database;
