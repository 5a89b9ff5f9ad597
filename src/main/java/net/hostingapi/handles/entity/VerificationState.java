package net.hostingapi.handles.entity;

/**
 * Where the verification of a handle's e-mail address stands: a link is out ({@code PENDING}),
 * it was followed ({@code VERIFIED}), or its deadline passed unused ({@code EXPIRED}).
 */
public enum VerificationState {
    PENDING,
    VERIFIED,
    EXPIRED
}
