/**
 * What every area shares and that depends on no area: the HTTP contract (the envelope, one
 * parameter model for every method and body format, failures mapped to status and message codes,
 * request ids and body limits) and the rules behind it.
 */
package net.hostingapi.platform;
