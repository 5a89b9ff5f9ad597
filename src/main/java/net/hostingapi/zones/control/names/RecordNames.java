package net.hostingapi.zones.control.names;

import net.hostingapi.platform.validation.control.Characters;
import net.hostingapi.platform.validation.control.ControlCharacters;

/**
 * Record names, which the API stores relative to their zone ({@code @} for the apex), so a
 * record reads the same whatever the client sent and renaming concerns nobody.
 */
public final class RecordNames {

    /** The apex of the zone. */
    public static final String APEX = "@";
    /** The spec's bound on the name as the client gives it. */
    public static final int MAX_LENGTH = 128;

    private RecordNames() {}

    /**
     * The name relative to {@code zoneName} (a name normalised by {@link ZoneNames#normalize}).
     * <ul>
     * <li>{@code null}, empty or {@code @}: the apex {@code @}.</li>
     * <li>A name that (without its trailing dot) equals the zone or ends with {@code .zone} is
     * taken as fully qualified and made relative: {@code www.example.com} and
     * {@code www.example.com.} both give {@code www}, {@code example.com.} gives {@code @}. So a
     * relative name that happens to end in the zone's name cannot be expressed; it would be a
     * doubled name ({@code www.example.com.example.com}) nobody means.</li>
     * <li>Any other name with a trailing dot is fully qualified outside the zone: rejected.</li>
     * <li>Anything else is already relative.</li>
     * </ul>
     * The result is lower case, IDN labels as A-labels; labels are LDH or service labels starting
     * with {@code _}; a wildcard is allowed only as the whole leftmost label ({@code *},
     * {@code *.dev}). The input is at most 128 characters and the absolute name at most 253.
     *
     * @throws IllegalArgumentException with a short message saying what the name must be
     */
    public static String relative(String input, String zoneName) {
        if (input == null || input.isEmpty() || input.equals(APEX)) {
            return APEX;
        }
        if (Characters.Validator.count(input) > MAX_LENGTH) {
            throw new IllegalArgumentException("must be at most " + MAX_LENGTH + " characters long");
        }
        if (ControlCharacters.containsAny(input)) {
            throw new IllegalArgumentException("must not contain control characters");
        }
        boolean qualified = input.endsWith(".");
        String name = DomainLabels.toAscii(DomainLabels.withoutTrailingDot(input));
        String relative;
        if (name.equals(zoneName)) {
            return APEX;
        } else if (name.endsWith("." + zoneName)) {
            relative = name.substring(0, name.length() - zoneName.length() - 1);
        } else if (qualified) {
            throw new IllegalArgumentException("is outside the zone " + zoneName);
        } else {
            relative = name;
        }
        String[] labels = relative.split("\\.", -1);
        for (int i = 0; i < labels.length; i++) {
            if (i == 0 && labels[i].equals("*")) {
                continue;
            }
            if (labels[i].contains("*")) {
                throw new IllegalArgumentException("may hold a wildcard * only as its whole leftmost label");
            }
            DomainLabels.checkLabel(labels[i], true);
        }
        if (relative.length() + 1 + zoneName.length() > DomainLabels.MAX_NAME) {
            throw new IllegalArgumentException("is too long: the full name exceeds 253 characters");
        }
        return relative;
    }

    /** The fully qualified name with trailing dot: {@code www.example.com.}, or {@code example.com.} for {@code @}. */
    public static String absolute(String relative, String zoneName) {
        return APEX.equals(relative) ? zoneName + "." : relative + "." + zoneName + ".";
    }
}
