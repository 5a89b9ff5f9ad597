package net.hostingapi.transfers.control;

/**
 * A TSIG key a secondary signs its transfers with, as a nameserver's configuration needs it:
 * name, algorithm ({@code hmac-sha256}) and secret in base64.
 */
public record TransferKey(String name, String algorithm, String secretBase64) {

    @Override
    public String toString() {
        return "TransferKey[" + name + ", " + algorithm + "]"; // never the secret
    }
}
