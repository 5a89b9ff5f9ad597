package net.hostingapi.platform.envelope.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An answer's pieces reach the socket's stream whole, in order, and in writes no larger than needed. */
class GatheringOutputTest {

    /** Records every write it is handed. */
    private static final class Writes extends OutputStream {
        final ByteArrayOutputStream all = new ByteArrayOutputStream();
        final List<Integer> sizes = new ArrayList<>();
        int flushes;

        @Override
        public void write(int b) {
            all.write(b);
            sizes.add(1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            all.write(b, off, len);
            sizes.add(len);
        }

        @Override
        public void flush() {
            flushes++;
        }
    }

    @Test
    void piecesAreGatheredInOrderAndLargeOnesPassThrough() throws IOException {
        byte[] buffer = new byte[16];
        Writes sink = new Writes();
        OutputStream out = new EnvelopeFilter.GatheringOutput(sink, buffer);
        StringBuilder expected = new StringBuilder();
        for (String piece : List.of("{", "\"a\":1", ",", "\"long\":\"0123456789012345678901\"", ",", "\"b\":2")) {
            out.write(piece.getBytes(StandardCharsets.UTF_8));
            expected.append(piece);
        }
        out.write('}');
        expected.append('}');
        assertEquals(List.of(7), sink.sizes.subList(0, 1), "the small pieces before the large one, in one write");
        out.flush();
        assertEquals(expected.toString(), sink.all.toString(StandardCharsets.UTF_8));
        assertEquals(1, sink.flushes);
        assertTrue(sink.sizes.stream().allMatch(size -> size <= buffer.length || size == 31), sink.sizes.toString());
        assertEquals(List.of(7, 31, 7), sink.sizes);
    }

    @Test
    void aBufferUsedAgainCarriesNothingOfTheAnswerBefore() throws IOException {
        byte[] buffer = new byte[8];
        Writes first = new Writes();
        OutputStream out = new EnvelopeFilter.GatheringOutput(first, buffer);
        out.write("abcdefgh-ijk".getBytes(StandardCharsets.UTF_8));
        out.flush();
        Writes second = new Writes();
        OutputStream again = new EnvelopeFilter.GatheringOutput(second, buffer);
        again.write("xy".getBytes(StandardCharsets.UTF_8));
        again.flush();
        assertEquals("abcdefgh-ijk", first.all.toString(StandardCharsets.UTF_8));
        assertEquals("xy", second.all.toString(StandardCharsets.UTF_8));
    }
}
