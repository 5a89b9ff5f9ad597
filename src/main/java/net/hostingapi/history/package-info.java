/** The change history of zones: every committed change recorded, read back, and a zone put back to an earlier state. */
package net.hostingapi.history;
