/**
 * The rules of handles, without HTTP: field and country checks, creating and changing handles,
 * their identifiers and statistics, and the verification mail and its resend limit.
 */
package net.hostingapi.handles.control;
