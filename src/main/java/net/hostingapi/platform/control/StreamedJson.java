package net.hostingapi.platform.control;

import java.io.IOException;
import java.io.Writer;

/**
 * A JSON value written piece by piece into the answer, never held whole: the list of every zone
 * of an account of 100,000 zones, assembled as one text, ran a 512 MiB heap out of memory.
 */
@FunctionalInterface
public interface StreamedJson {

    void writeTo(Writer out) throws IOException;
}
