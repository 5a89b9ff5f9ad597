package net.hostingapi.handles.entity;

/** As the registries ask for it. */
public enum Sex {
    MALE,
    FEMALE
}
