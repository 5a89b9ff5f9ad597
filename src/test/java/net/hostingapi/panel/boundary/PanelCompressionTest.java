package net.hostingapi.panel.boundary;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PanelCompressionTest {

    @Test
    void gzipIsSentWhenTheBrowserNamesItOrAnyCodingWithAWeightAboveZero() {
        assertTrue(PanelCompression.acceptsGzip("gzip, deflate, br, zstd"));
        assertTrue(PanelCompression.acceptsGzip("br;q=1.0, GZIP;q=0.5"));
        assertTrue(PanelCompression.acceptsGzip("*"));
        assertTrue(PanelCompression.acceptsGzip("x-gzip"));
        assertTrue(PanelCompression.acceptsGzip("deflate, * ; q=0.1"));
    }

    @Test
    void gzipIsNotSentWhenTheBrowserDoesNotAskOrRefusesIt() {
        assertFalse(PanelCompression.acceptsGzip(null));
        assertFalse(PanelCompression.acceptsGzip(""));
        assertFalse(PanelCompression.acceptsGzip("identity"));
        assertFalse(PanelCompression.acceptsGzip("br, deflate"));
        assertFalse(PanelCompression.acceptsGzip("gzip;q=0"));
        assertFalse(PanelCompression.acceptsGzip("gzip;q=0.000, *"), "gzip refused by name, * does not bring it back");
        assertFalse(PanelCompression.acceptsGzip("*;q=0"));
        assertFalse(PanelCompression.acceptsGzip("gzip;q=nonsense"));
    }

    @Test
    void textIsCompressedAndWhatIsCompressedAlreadyIsNot() {
        assertTrue(PanelCompression.compressible("text/javascript"));
        assertTrue(PanelCompression.compressible("application/javascript;charset=UTF-8"));
        assertTrue(PanelCompression.compressible("text/css"));
        assertTrue(PanelCompression.compressible("text/html; charset=utf-8"));
        assertTrue(PanelCompression.compressible("image/svg+xml"));
        assertFalse(PanelCompression.compressible("image/png"));
        assertFalse(PanelCompression.compressible("application/zip"));
        assertFalse(PanelCompression.compressible(null));
    }
}
