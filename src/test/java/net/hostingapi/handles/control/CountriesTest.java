package net.hostingapi.handles.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.text.Collator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CountriesTest {

    @Test
    void everyAlpha2CodeOnceWithItsEnglishName() {
        List<Countries.Country> all = Countries.all();
        assertEquals(249, all.size());
        Set<String> codes = all.stream().map(Countries.Country::code).collect(Collectors.toSet());
        assertEquals(249, codes.size());
        assertTrue(codes.stream().allMatch(code -> code.matches("[A-Z]{2}")));
        assertTrue(all.contains(new Countries.Country("DE", "Germany")));
        assertTrue(all.contains(new Countries.Country("GB", "United Kingdom")));
        assertTrue(
                all.stream().noneMatch(c -> c.title().isBlank() || c.title().equals(c.code())),
                "every code has a name");
    }

    @Test
    void sortedByNameAsAnEnglishReaderExpects() {
        List<String> titles =
                Countries.all().stream().map(Countries.Country::title).toList();
        Collator english = Collator.getInstance(Locale.ENGLISH);
        for (int i = 1; i < titles.size(); i++) {
            assertTrue(
                    english.compare(titles.get(i - 1), titles.get(i)) <= 0,
                    titles.get(i - 1) + " before " + titles.get(i));
        }
        assertEquals("Afghanistan", titles.get(0));
        assertEquals("Åland Islands", titles.get(1), "Å sorts with A, not after Z");
    }

    @Test
    void codesAreRecognisedInAnyCaseAndStoredUpperCase() {
        assertEquals(Optional.of("DE"), Countries.normalize("de"));
        assertEquals(Optional.of("DE"), Countries.normalize("DE"));
        assertEquals(Optional.empty(), Countries.normalize("XX"));
        assertEquals(Optional.empty(), Countries.normalize("DEU"));
        assertEquals(Optional.empty(), Countries.normalize(""));
    }
}
