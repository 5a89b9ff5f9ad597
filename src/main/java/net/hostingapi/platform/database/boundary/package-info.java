/** Readiness: the service is ready while MariaDB answers with a migrated schema. */
package net.hostingapi.platform.database.boundary;
