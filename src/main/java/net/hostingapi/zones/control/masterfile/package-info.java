/** RFC 1035 master files: a zone written as one, one read into a zone. */
package net.hostingapi.zones.control.masterfile;
