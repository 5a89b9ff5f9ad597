/** One recorded change of a zone. */
package net.hostingapi.history.entity;
