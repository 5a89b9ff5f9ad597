package net.hostingapi.zones.entity;

/** The SOA timers and contact of a new zone. */
public record SoaSettings(String hostmaster, int refresh, int retry, int expire, int ttl) {}
