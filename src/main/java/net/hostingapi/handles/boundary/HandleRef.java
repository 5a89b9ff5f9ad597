package net.hostingapi.handles.boundary;

import jakarta.validation.constraints.NotBlank;

/** The parameters of operations on one handle: show, delete, verification refresh and resend. */
record HandleRef(@NotBlank String handle) {}
