package io.github.adammeme.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Allure and PostgreSQL are optional dependencies: a build that leaves them out runs its suites, writes its run files
 * and decides its release as before; it finds no Allure file it did not ask for, and a PostgreSQL cache it cannot have
 * is named at discovery with what to add. adammeme-erasure comes with the engine but may be excluded: the run then
 * erases nothing, says so in one line and names the departure, and an eraser asked for by name is a configuration
 * error naming the missing module. Each case runs a suite in a JVM whose classpath lacks the library.
 */
class OptionalLibrariesTest {

    @TempDir
    Path dir;

    private Path memes;

    @BeforeEach
    void memes() {
        memes = SyntheticMemes.write(dir.resolve("memes"), 4);
    }

    @Test
    void withoutAllureASuiteRunsAndWritesNoAllureFile() throws Exception {
        Path out = dir.resolve("out");
        Path allure = dir.resolve("allure-results");
        String said =
                suite(List.of("/io/qameta/allure/"), allure, "adammeme.cache=memory", "adammeme.output-dir=" + out);
        assertThat(said)
                .doesNotContain("NoClassDefFoundError", "discovery issue", "Allure results:")
                .containsPattern("bad-input child: [1-9][0-9]* tests finished");
        assertThat(summaries(out)).as("the run's own files are written").isNotEmpty();
        assertThat(allure).as("no Allure file without Allure").doesNotExist();
    }

    @Test
    void withoutPostgresTheDefaultCacheServesAndAPostgresCacheIsNamedWithWhatToAdd() throws Exception {
        List<String> postgres = List.of("/org/postgresql/", "/com/zaxxer/");
        Path out = dir.resolve("sqlite");
        String sqlite = suite(
                postgres,
                dir.resolve("allure"),
                "adammeme.cache=" + dir.resolve("cache.db"),
                "adammeme.output-dir=" + out);
        assertThat(sqlite)
                .doesNotContain("NoClassDefFoundError", "discovery issue")
                .containsPattern("bad-input child: [1-9][0-9]* tests finished");
        assertThat(summaries(out)).isNotEmpty();
        assertThat(dir.resolve("cache.db")).isNotEmptyFile();

        String shared = suite(
                postgres,
                dir.resolve("allure"),
                "adammeme.cache=jdbc:postgresql://localhost:5432/adammeme",
                "adammeme.output-dir=" + dir.resolve("shared"));
        assertThat(shared)
                .doesNotContain("NoClassDefFoundError")
                .contains(
                        "discovery issue (ERROR)",
                        "configuration key 'adammeme.cache'",
                        "a PostgreSQL cache needs org.postgresql:postgresql and"
                                + " com.zaxxer:HikariCP on the classpath");
    }

    @Test
    void withoutTheEraserModuleARunSendsTheOriginalsAndNamesTheDeparture() throws Exception {
        // the module and what only it brings (Tesseract's presets and natives)
        List<String> erasure = List.of("/adammeme-erasure/", "/org/bytedeco/");
        Path out = dir.resolve("unerased");
        String said = suite(erasure, dir.resolve("allure"), "adammeme.cache=memory", "adammeme.output-dir=" + out);
        assertThat(said)
                .doesNotContain("NoClassDefFoundError", "discovery issue")
                .containsPattern("bad-input child: [1-9][0-9]* tests finished");
        assertThat(said.split("text erasure is off: io.github.adammeme:adammeme-erasure is not on the classpath", -1))
                .as("one line says the eraser's module is absent: %s", said)
                .hasSize(2);
        List<Path> summaries = summaries(out);
        assertThat(summaries).isNotEmpty();
        for (Path summary : summaries) {
            assertThat(Files.readString(summary))
                    .as("the run names the departure")
                    .contains(
                            "no text erasure: adammeme.text-erasure=none (the paper's: adammeme.text-erasure=builtin)")
                    .contains("io.github.adammeme:adammeme-erasure is not on the classpath");
        }

        String asked = suite(
                erasure,
                dir.resolve("allure"),
                "adammeme.cache=memory",
                "adammeme.text-erasure=builtin",
                "adammeme.output-dir=" + dir.resolve("asked"));
        assertThat(asked)
                .doesNotContain("NoClassDefFoundError")
                .contains(
                        "discovery issue (ERROR)",
                        "configuration key 'adammeme.text-erasure'",
                        "the built-in eraser needs io.github.adammeme:adammeme-erasure on the classpath");
    }

    /** The keyword suite in a JVM whose classpath holds none of the jars under the given repository folders. */
    private String suite(List<String> leftOut, Path allure, String... settings)
            throws IOException, InterruptedException {
        String full = System.getProperty("java.class.path");
        String without = Arrays.stream(full.split(File.pathSeparator))
                .filter(entry -> leftOut.stream().noneMatch(entry.replace('\\', '/')::contains))
                .collect(Collectors.joining(File.pathSeparator));
        assertThat(without)
                .as("the tests' classpath holds %s, to leave out", leftOut)
                .isNotEqualTo(full);
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                without,
                "-Dallure.results.directory=" + allure,
                BadInputChild.class.getName(),
                "adammeme.dataset=" + memes,
                "adammeme.seeds=1",
                "adammeme.iterations=1",
                "adammeme.progress=false"));
        command.addAll(List.of(settings));
        Path log = Files.createTempFile(dir, "child", ".log");
        Process child = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        assertThat(child.waitFor(3, TimeUnit.MINUTES)).as("the child JVM ended").isTrue();
        String said = Files.readString(log);
        assertThat(child.exitValue()).as(said).isZero();
        return said;
    }

    private static List<Path> summaries(Path out) throws IOException {
        if (!Files.isDirectory(out)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(out)) {
            return files.filter(f -> f.getFileName().toString().equals("summary.json"))
                    .toList();
        }
    }
}
