package io.github.adammeme.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.adammeme.data.SyntheticMemes;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * allure-junit-platform is an optional dependency: a build that leaves it out runs its suites, writes its run files
 * and decides its release as before, and finds no Allure file it did not ask for.
 */
class AllureAbsentTest {

    @TempDir
    Path dir;

    @Test
    void withoutAllureOnTheClasspathASuiteRunsAndWritesNoAllureFile() throws Exception {
        String full = System.getProperty("java.class.path");
        String withoutAllure = Arrays.stream(full.split(File.pathSeparator))
                .filter(entry -> !entry.replace('\\', '/').contains("/io/qameta/allure/"))
                .collect(Collectors.joining(File.pathSeparator));
        assertThat(withoutAllure).as("the tests' classpath holds Allure, to leave out").isNotEqualTo(full);
        Path memes = SyntheticMemes.write(dir.resolve("memes"), 4);
        Path out = dir.resolve("out");
        Path allure = dir.resolve("allure-results");
        Path log = dir.resolve("child.log");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", withoutAllure, "-Dallure.results.directory=" + allure, BadInputChild.class.getName(),
                "adammeme.dataset=" + memes, "adammeme.seeds=1", "adammeme.iterations=1", "adammeme.progress=false",
                "adammeme.cache=memory", "adammeme.output-dir=" + out)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(child.waitFor(3, TimeUnit.MINUTES)).as("the child JVM ended").isTrue();
        String said = Files.readString(log);
        assertThat(child.exitValue()).as(said).isZero();
        assertThat(said).doesNotContain("NoClassDefFoundError", "discovery issue", "Allure results:")
                .containsPattern("bad-input child: [1-9][0-9]* tests finished");
        List<String> summaries;
        try (var files = Files.walk(out)) {
            summaries = files.filter(f -> f.getFileName().toString().equals("summary.json")).map(Path::toString).toList();
        }
        assertThat(summaries).as("the run's own files are written").isNotEmpty();
        assertThat(allure).as("no Allure file without Allure").doesNotExist();
    }
}
