/**
 * The HTTP side of handles: their resources, the verification link's endpoint and the handles'
 * representations.
 */
package net.hostingapi.handles.boundary;
