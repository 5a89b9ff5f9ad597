package net.hostingapi.handles.control;

import java.util.Map;
import net.hostingapi.handles.entity.HandleType;
import net.hostingapi.handles.entity.VerificationState;

/** The account's handles counted by type and by verification state; every key present, zeros included. */
public record HandleStatistics(
        long total, Map<HandleType, Long> byType, Map<VerificationState, Long> byVerificationState) {}
