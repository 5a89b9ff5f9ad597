package net.hostingapi.handles.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The configurable side of verification: how long a link is valid, how many mails may go, where links point. */
@ApplicationScoped
public class VerificationSettings {

    /** The public confirm endpoint, below PUBLIC_BASE_URL. */
    public static final String CONFIRM_PATH = "/api/v1/domain/handles/verification/confirm";

    @Inject
    @ConfigProperty(name = "VERIFICATION_VALID_DAYS", defaultValue = "15")
    int validDays;

    @Inject
    @ConfigProperty(name = "VERIFICATION_RESENDS_PER_MINUTE", defaultValue = "1")
    int perMinute;

    @Inject
    @ConfigProperty(name = "VERIFICATION_RESENDS_PER_DAY", defaultValue = "10")
    int perDay;

    @Inject
    @ConfigProperty(name = "VERIFICATION_MAILS_PER_ACCOUNT_PER_DAY", defaultValue = "50")
    int perAccountPerDay;

    @Inject
    @ConfigProperty(name = "VERIFICATION_MAILS_PER_RECIPIENT_PER_DAY", defaultValue = "10")
    int perRecipientPerDay;

    /** The window of the limit per address: seconds, or with a unit (s, m, h, d); a day unless a test shortens it. */
    @Inject
    @ConfigProperty(name = "VERIFICATION_RECIPIENT_WINDOW", defaultValue = "24h")
    String recipientWindow;

    @Inject
    @ConfigProperty(name = "PUBLIC_BASE_URL")
    Optional<String> publicBaseUrl;

    @Inject
    @ConfigProperty(name = "HTTP_PORT", defaultValue = "8080")
    String httpPort;

    public Duration validity() {
        return Duration.ofDays(validDays);
    }

    public ResendLimit resendLimit() {
        return new ResendLimit(perMinute, perDay);
    }

    /** Verification mails one account may send, to any addresses, in 24 hours. */
    public ResendLimit accountLimit() {
        return ResendLimit.perDay(perAccountPerDay);
    }

    /**
     * Verification mails one address may get, from all accounts together, in 24 hours (mails beyond
     * are held back), and one account may ask for to one address (beyond: refused).
     */
    public MailWindow recipientLimit() {
        return new MailWindow(perRecipientPerDay, duration(recipientWindow));
    }

    /** {@code 86400}, {@code 30s}, {@code 5m}, {@code 24h}, {@code 1d}. */
    static Duration duration(String text) {
        String value = text.strip().toLowerCase(Locale.ROOT);
        if (!value.matches("\\d{1,9}[smhd]?")) {
            throw new IllegalArgumentException(
                    "VERIFICATION_RECIPIENT_WINDOW must be seconds or a number with s, m, h or d, not " + text);
        }
        char unit = value.charAt(value.length() - 1);
        long amount = Long.parseLong(Character.isDigit(unit) ? value : value.substring(0, value.length() - 1));
        Duration duration = switch (unit) {
            case 'm' -> Duration.ofMinutes(amount);
            case 'h' -> Duration.ofHours(amount);
            case 'd' -> Duration.ofDays(amount);
            default -> Duration.ofSeconds(amount);
        };
        return duration.isZero() ? Duration.ofSeconds(1) : duration;
    }

    /** The service's public address, as the mails name it. */
    public String publicBaseUrl() {
        String base = publicBaseUrl
                .filter(url -> !url.isBlank())
                .orElse("http://localhost:" + httpPort)
                .trim();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return base;
    }

    /** The link a verification mail carries; the token is base64url, safe in a query string as it is. */
    public String confirmLink(String token) {
        return publicBaseUrl() + CONFIRM_PATH + "?token=" + token;
    }
}
