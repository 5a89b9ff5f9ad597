/**
 * The shared HTTP contract every area answers in: the envelope, one parameter model for every
 * method and body format, the mapping of every failure to a status and message code, the
 * request id, body limits, and the refusal of unauthenticated or under-privileged calls.
 * Areas depend on this package; it depends on no area except through the caller it is given.
 */
package net.hostingapi.platform;
