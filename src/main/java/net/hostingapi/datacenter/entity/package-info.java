/**
 * The persistent machine with the server actions on it, whose state machine refuses what api.md
 * does not allow.
 */
package net.hostingapi.datacenter.entity;
