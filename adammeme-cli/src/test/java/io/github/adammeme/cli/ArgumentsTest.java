package io.github.adammeme.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.settings.UnknownKeyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A suite's properties file, then system properties, then arguments: the later wins. */
class ArgumentsTest {

    @TempDir
    Path dir;

    @Test
    void laterSourcesWinAndThePrefixMayBeLeftOff() throws Exception {
        Path file = Files.writeString(
                dir.resolve("junit-platform.properties"),
                "adammeme.threshold=4.0\nadammeme.seeds=1\nadammeme.iterations=10\njunit.other=kept out\n");
        Map<String, String> values = Arguments.settings(
                List.of(file.toString(), "iterations=3"),
                Arguments.systemProperties(Map.of("adammeme.seeds", "2", "user.home", "/home/someone")));
        assertEquals(Map.of("adammeme.threshold", "4.0", "adammeme.seeds", "2", "adammeme.iterations", "3"), values);
    }

    @Test
    void aMisspeltKeyIsNamedWithWhereItWasGivenAndTheKeyItWasMeantToBe() throws Exception {
        Path file = Files.writeString(dir.resolve("junit-platform.properties"), "adammeme.gate.maxfr=0.25\n");
        UnknownKeyException inFile =
                assertThrows(UnknownKeyException.class, () -> Arguments.settings(List.of(file.toString()), Map.of()));
        assertEquals(
                "unknown configuration key 'adammeme.gate.maxfr' (in " + file + "): did you mean adammeme.gate.max-fr?",
                inFile.getMessage());
        UnknownKeyException asProperty = assertThrows(
                UnknownKeyException.class,
                () -> Arguments.settings(List.of(), Map.of("adammeme.sample-per-category", "5")));
        assertEquals(
                "unknown configuration key 'adammeme.sample-per-category' (a system property,"
                        + " -Dadammeme.sample-per-category): did you mean adammeme.samples-per-category?",
                asProperty.getMessage());
        UnknownKeyException asArgument =
                assertThrows(UnknownKeyException.class, () -> Arguments.settings(List.of("gate.maxfr=0.25"), Map.of()));
        assertTrue(
                asArgument.getMessage().endsWith("(the argument gate.maxfr): did you mean adammeme.gate.max-fr?"),
                asArgument.getMessage());
    }

    @Test
    void aSettingTypedAfterTheCommandAsASystemPropertyIsThatSetting() {
        assertEquals(
                Map.of("adammeme.gate.max-fr", "0.25"),
                Arguments.settings(List.of("-Dadammeme.gate.max-fr=0.25"), Map.of()));
        UnknownKeyException misspelt = assertThrows(
                UnknownKeyException.class, () -> Arguments.settings(List.of("-Dadammeme.output-dirr=out"), Map.of()));
        assertEquals(
                "unknown configuration key 'adammeme.output-dirr' (the argument -Dadammeme.output-dirr):"
                        + " did you mean adammeme.output-dir?",
                misspelt.getMessage());
    }

    @Test
    void anArgumentThatIsNeitherASettingNorAPropertiesFileIsNamed() {
        Arguments.BadArgumentException e = assertThrows(
                Arguments.BadArgumentException.class, () -> Arguments.settings(List.of("memes.jsonl"), Map.of()));
        assertTrue(e.getMessage().contains("'memes.jsonl'"), e.getMessage());
    }

    @Test
    void aSettingsFileThatIsMissingAFolderOrMalformedIsNamed() throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.properties"), "adammeme.dataset=\\u12G4\n");
        for (String arg : List.of(
                broken.toString(),
                dir.resolve("missing.properties").toString(),
                Files.createDirectory(dir.resolve("folder.properties")).toString())) {
            Arguments.BadArgumentException e = assertThrows(
                    Arguments.BadArgumentException.class, () -> Arguments.settings(List.of(arg), Map.of()));
            assertTrue(e.getMessage().contains(Path.of(arg).getFileName().toString()), e.getMessage());
        }
    }
}
