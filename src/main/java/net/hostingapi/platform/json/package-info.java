/** JSON for answers that are large or answered often. */
package net.hostingapi.platform.json;
