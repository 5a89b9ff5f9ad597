/** The TSIG keys API tokens carry (RFC 8945): their algorithms, names, secrets sealed at rest. */
package net.hostingapi.accounts.control.tsig;
