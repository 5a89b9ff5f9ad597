/** An entry of the publication outbox: a name whose stored state the nameserver must get. */
package net.hostingapi.nameserver.entity;
