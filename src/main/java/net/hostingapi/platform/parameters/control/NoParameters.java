package net.hostingapi.platform.parameters.control;

/** Bound by operations that take no parameters, so that any parameter sent is reported as unknown. */
public record NoParameters() {}
