package net.hostingapi.handles.entity;

/** What a handle stands for: a person, an organisation, or a role (hostmaster, abuse desk, ...). */
public enum HandleType {
    PERS,
    ORG,
    ROLE
}
