package net.hostingapi.zones.control;

/**
 * Fired inside the transaction that creates or deletes a zone, or assigns or dissociates a domain,
 * with that name: the set of names the nameserver serves as zones changed, which the catalog zone
 * for the secondaries lists (a change of a zone's content leaves the set as it is and fires only
 * {@link ZonesChanged}).
 */
public record ZoneSetChanged(String zone) {}
