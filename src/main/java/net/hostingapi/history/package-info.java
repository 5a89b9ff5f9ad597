/** The change history of zones: every committed change recorded, readable, restorable. */
package net.hostingapi.history;
