package net.hostingapi.platform.json.control;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A JSON value written piece by piece into the answer, as UTF-8, never held whole: the list of
 * every zone of an account of 100,000 zones, assembled as one text, ran a 512 MiB heap out of memory.
 */
@FunctionalInterface
public interface StreamedJson {

    void writeTo(OutputStream out) throws IOException;
}
