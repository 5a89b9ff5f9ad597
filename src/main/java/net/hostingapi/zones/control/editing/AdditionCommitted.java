package net.hostingapi.zones.control.editing;

/**
 * An addition of records that has just committed, announced by {@link AdditionChains} in the
 * writer's thread once its transaction has ended: what builds on the zone's state it left (the
 * answers' renderings) does so at once, taking no part in the transaction. Unlike
 * {@link ZoneEditOutcome} as an event, observed in the addition's transaction, it is fired only
 * for what committed.
 */
public record AdditionCommitted(ZoneEditOutcome addition) {}
