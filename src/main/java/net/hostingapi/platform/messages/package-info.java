/** What the caller is told, on success or failure: messages with their codes. */
package net.hostingapi.platform.messages;
