package io.github.adammeme.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A build that has a suite but left no run is told the cause, in the order a build meets them. */
class MissingRunTest {

    private static final List<String> SUITES = List.of("com.example.HarmfulMemesTest");
    private static final Map<String, String> CURRENT =
            Map.of("junit-platform-engine", "1.14.4", "junit-platform-launcher", "1.14.4");

    @TempDir
    Path dir;

    private SurefireReports reports(String... xml) throws IOException {
        for (int i = 0; i < xml.length; i++) {
            Files.writeString(dir.resolve("TEST-" + i + ".xml"), xml[i]);
        }
        return SurefireReports.read(dir, FileTime.fromMillis(0));
    }

    @Test
    void mavensOwnSurefireIsNamedWithTheVersionToSet() throws IOException {
        String message = MissingRun.explain("2.12.4", CURRENT, "1.14.4", SUITES, reports(), dir, null);
        assertTrue(message.startsWith("no AdamMeme run to decide on: no summary.json in " + dir + "; "), message);
        assertTrue(
                message.contains("maven-surefire-plugin 2.12.4 (Maven's default when the pom names no version) runs no"
                        + " JUnit 5 engine, so com.example.HarmfulMemesTest never ran"),
                message);
    }

    @Test
    void anOlderPlatformOnTheClasspathIsNamedWithTheBom() throws IOException {
        String message = MissingRun.explain(
                "3.5.4",
                Map.of("junit-platform-engine", "1.14.4", "junit-platform-launcher", "1.10.3"),
                "1.14.4",
                SUITES,
                reports(),
                dir,
                null);
        assertTrue(
                message.contains("the test classpath holds junit-platform-launcher 1.10.3 where adammeme-junit needs"
                        + " JUnit Platform 1.14.4"),
                message);
        assertTrue(message.contains("org.junit:junit-bom"), message);
    }

    @Test
    void aSuiteSurefireLeftOutIsNamedWithItsIncludes() throws IOException {
        String message = MissingRun.explain(
                "3.5.4",
                CURRENT,
                "1.14.4",
                SUITES,
                reports("<testsuite name=\"com.example.OwnTest\"><testcase name=\"holds\"/></testsuite>"),
                dir,
                null);
        assertTrue(
                message.contains("Surefire ran none of the AdamMeme suites (com.example.HarmfulMemesTest)"), message);
    }

    @Test
    void aSuiteThatRanButWroteNothingPointsAtTheOutputFolderAndItsFirstFailure() throws IOException {
        String message = MissingRun.explain(
                "3.5.4",
                CURRENT,
                "1.14.4",
                SUITES,
                reports(
                        "<testsuite name=\"com.example.HarmfulMemesTest\"><testcase name=\"run\"><error message=\"endpoint down&#10;"
                                + "more\" type=\"java.lang.IllegalStateException\"/></testcase></testsuite>"),
                dir,
                null);
        assertTrue(
                message.contains("Surefire ran com.example.HarmfulMemesTest but it wrote no run into " + dir
                        + " (run: endpoint down); if adammeme.output-dir points elsewhere"),
                message);
    }

    @Test
    void failedTestsOutsideTheSuitesAreListedWithTheirFirstLine() throws IOException {
        SurefireReports r = reports(
                "<testsuite name=\"com.example.HarmfulMemesTest\"><testcase name=\"pair\"><failure message=\"score 2\"/>"
                        + "</testcase></testsuite>",
                "<testsuite name=\"com.example.OwnTest\"><testcase name=\"holds\"><failure message=\"broken&#10;at line 3\"/>"
                        + "</testcase><testcase name=\"fine\"/></testsuite>");
        assertEquals(List.of("com.example.OwnTest.holds: broken"), r.failedOutside(SUITES));
        assertEquals(List.of("pair: score 2"), r.failedIn("com.example.HarmfulMemesTest"));
    }
}
