/** Field rules every area shares. */
package net.hostingapi.platform.validation;
