/** The parameter tree with its binding to records by wire name, without HTTP. */
package net.hostingapi.platform.parameters.control;
