package net.hostingapi.zones.control;

import java.util.List;

/**
 * Fired (synchronously, outside any write) when a client asks for a zone to be loaded onto the
 * nameserver now: its observer publishes each name before the answer, and throws an
 * {@link net.hostingapi.platform.messages.control.ApiException} (503) when the nameserver cannot take it.
 * {@code forceDelete}: remove each name from the nameserver first.
 */
public record RefreshRequested(List<String> names, boolean forceDelete) {}
