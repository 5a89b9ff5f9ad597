/**
 * The persistent handle and its types, and the verification of its e-mail address with the mails
 * sent for it.
 */
package net.hostingapi.handles.entity;
