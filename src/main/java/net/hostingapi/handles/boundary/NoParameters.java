package net.hostingapi.handles.boundary;

/** Bound by operations that take no parameters, so that any parameter sent is reported as unknown. */
record NoParameters() {
}
