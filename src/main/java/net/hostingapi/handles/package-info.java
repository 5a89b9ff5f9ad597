/**
 * Domain handles: the contacts an account registers domains with, their field rules and country
 * list, and the verification of each handle's e-mail address by a single-use link sent by mail.
 */
package net.hostingapi.handles;
