package net.hostingapi.zones.control.editing;

/**
 * An addition of records that has just committed, announced by {@link AdditionChains} in the
 * writer's thread, outside any transaction: what builds on the zone's state it left (the answers'
 * renderings) does so at once. Unlike {@link ZoneEditOutcome} as an event, observed inside the
 * addition's transaction, it is never rolled back.
 */
public record AdditionCommitted(ZoneEditOutcome addition) {}
