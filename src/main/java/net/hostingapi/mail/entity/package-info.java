/** The outbox's persistent mail, kept until it is delivered or withdrawn. */
package net.hostingapi.mail.entity;
