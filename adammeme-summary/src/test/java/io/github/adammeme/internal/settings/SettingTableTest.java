package io.github.adammeme.internal.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md's tables of settings are {@link Setting}'s, rendered: this fails when they differ. Run it with
 * {@code -Dadammeme.docs.write=true} to write the rendered tables into the file (see CONTRIBUTING.md).
 */
class SettingTableTest {

    static final Path DOC = Path.of("..", "docs", "configuration.md");

    static String begin(Setting.Section section) {
        return "<!-- settings table " + section + ": rendered from Setting, see CONTRIBUTING.md -->\n";
    }

    static final String END = "<!-- end of settings table -->\n";

    /** @return the file with each table between its markers replaced by the rendered one */
    static String rendered(String doc) {
        String out = doc;
        for (Setting.Section section : Setting.Section.values()) {
            int from = out.indexOf(begin(section));
            assertTrue(from >= 0, "docs/configuration.md has no marker " + begin(section));
            int start = from + begin(section).length();
            int end = out.indexOf(END, start);
            assertTrue(end >= 0, "docs/configuration.md has no end marker after " + begin(section));
            out = out.substring(0, start) + Setting.markdown(section) + out.substring(end);
        }
        return out;
    }

    @Test
    void theDocsTablesAreTheSettingTableRendered() throws IOException {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        String expected = rendered(doc);
        if (Boolean.getBoolean("adammeme.docs.write")) {
            Files.writeString(DOC, expected, StandardCharsets.UTF_8);
            doc = expected;
        }
        assertEquals(
                expected,
                doc,
                "docs/configuration.md's settings tables differ from Setting: regenerate them with"
                        + " mvn -pl adammeme-summary test -Dtest=SettingTableTest -Dadammeme.docs.write=true");
    }

    @Test
    void everySettingHasAMeaningAndADefault() {
        for (Setting s : Setting.values()) {
            assertTrue(!s.meaning().isBlank() && !s.defaultText().isBlank(), s.key());
            assertTrue(s.key().endsWith(".") == s.family(), s.key());
        }
    }
}
