package net.hostingapi.platform.openapi.boundary;

import java.util.List;

/**
 * The payloads an area writes, for the OpenAPI document: each area's representations implement
 * it and are listed in {@code META-INF/services/} under this interface's name, where
 * {@link PayloadSchemas} finds them without naming any area.
 */
public interface WireShapes {

    List<WireShape<?>> shapes();
}
