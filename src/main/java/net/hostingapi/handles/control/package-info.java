/** The rules of handles, without HTTP: field rules, countries, changes, the verification mail. */
package net.hostingapi.handles.control;
