package net.hostingapi.transfers.control.status;

import java.time.Instant;

/**
 * What a nameserver answered to an SOA query for a zone: the serial, or null with the reason
 * ({@code error}) when it did not answer it authoritatively; when it was asked and when the
 * answer (or the end of waiting for it) came.
 */
public record ServedSerial(Long serial, String error, Instant askedAt, Instant answeredAt) {

    static ServedSerial served(long serial, Instant askedAt, Instant answeredAt) {
        return new ServedSerial(serial, null, askedAt, answeredAt);
    }

    static ServedSerial failed(String error, Instant askedAt, Instant answeredAt) {
        return new ServedSerial(null, error, askedAt, answeredAt);
    }
}
