/** The persistent handle with the verification of its e-mail address. */
package net.hostingapi.handles.entity;
