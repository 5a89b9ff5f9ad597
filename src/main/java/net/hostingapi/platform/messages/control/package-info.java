/** What the caller is told: a failure with its messages, each message with its code. */
package net.hostingapi.platform.messages.control;
