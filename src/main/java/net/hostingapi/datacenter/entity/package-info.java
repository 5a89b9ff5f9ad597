/**
 * The persistent machine of the inventory and the server action on it, with the state machine
 * that refuses what contract section 7 does not allow, and the history of its reports.
 */
package net.hostingapi.datacenter.entity;
