package io.github.adammeme.internal.llm.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.adammeme.cli.internal.CacheCommand;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CacheCommandTest {

    /** Figures of the default cache, printed for a file the user named, would be taken for that file's. */
    @Test
    void statsRefusesAnArgumentThatNamesNoDatabase() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> CacheCommand.run(new String[] {"stats", "calls.sqlite"}, Map.of()));
        assertEquals(
                "stats takes at most a database, a .db file or a jdbc:postgresql:// URL; 'calls.sqlite' is neither",
                e.getMessage());
    }
}
