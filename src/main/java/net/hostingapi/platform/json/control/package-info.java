/** JSON written once, streamed piece by piece, or built with nulls. */
package net.hostingapi.platform.json.control;
