/** The HTTP edge: what every request passes through before an area sees it. */
package net.hostingapi.platform.edge;
