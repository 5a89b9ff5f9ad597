package net.hostingapi.handles.control;

import java.text.Collator;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every ISO 3166-1 alpha-2 country with its English name, from the JDK's locale data (so the list
 * follows the JDK rather than a hand-typed copy), sorted by name as an English reader expects
 * ("Åland Islands" after "Afghanistan").
 */
public final class Countries {

    public record Country(String code, String title) {}

    private static final List<Country> ALL = Locale.getISOCountries(Locale.IsoCountryCode.PART1_ALPHA2).stream()
            .map(code -> new Country(code, new Locale("", code).getDisplayCountry(Locale.ENGLISH)))
            .sorted(Comparator.comparing(Country::title, Collator.getInstance(Locale.ENGLISH)))
            .toList();

    private static final Map<String, Country> BY_CODE =
            ALL.stream().collect(Collectors.toUnmodifiableMap(Country::code, Function.identity()));

    private Countries() {}

    public static List<Country> all() {
        return ALL;
    }

    /** The code as stored (upper case), if {@code code} names a country in any letter case. */
    public static java.util.Optional<String> normalize(String code) {
        if (code == null || code.length() != 2) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.ofNullable(BY_CODE.get(code.toUpperCase(Locale.ROOT)))
                .map(Country::code);
    }
}
