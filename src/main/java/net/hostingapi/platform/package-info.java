/**
 * What every area shares without knowing any area: the machinery of the HTTP contract, one room
 * per concern.
 */
package net.hostingapi.platform;
