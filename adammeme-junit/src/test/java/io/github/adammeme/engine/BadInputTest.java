package io.github.adammeme.engine;

import static io.github.adammeme.engine.EngineEvents.NOT_AN_ASSERTION;
import static io.github.adammeme.engine.EngineEvents.PAIR;
import static io.github.adammeme.engine.EngineEvents.segment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Bad datasets as users have them: each gets a clear message, and nothing else is lost. */
class BadInputTest {

    @TempDir
    Path dir;

    private EngineTestKit.Builder engine(Path dataset) {
        return EngineTestKit.engine(Constants.ENGINE_ID)
                .selectors(selectClass(Suites.Keyword.class))
                .configurationParameter("adammeme.dataset", dataset.toString())
                .configurationParameter("adammeme.iterations", "0")
                .configurationParameter("adammeme.progress", "false")
                .configurationParameter("adammeme.cache", "memory")
                .configurationParameter(
                        "adammeme.output-dir", dir.resolve("out").toString());
    }

    @Test
    void missingAndCorruptImagesAreVisibleBrokenTestsAndTheOtherMemesAreEvaluated() throws Exception {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 26);
        Path images = dataset.getParent().resolveSibling("images");
        Files.delete(images.resolve("synthetic_0000.png"));
        Files.writeString(images.resolve("synthetic_0001.png"), "this is not a png");

        EngineExecutionResults results = engine(dataset).execute();
        // A meme that could not be read is broken, not failed, and says which file and why.
        results.testEvents()
                .failed()
                .assertThatEvents()
                .filteredOn(segment("mining"))
                .hasSize(2)
                .are(event(finishedWithFailure(NOT_AN_ASSERTION)))
                .haveExactly(
                        1,
                        event(
                                finishedWithFailure(
                                        message(
                                                m -> m.matches(
                                                        "harmeme:synthetic_0000 \\(.*memes\\.jsonl:1\\): ERROR — image .*synthetic_0000\\.png does not exist")))))
                .haveExactly(
                        1,
                        event(finishedWithFailure(
                                message(m -> m.contains("synthetic_0001.png is not a PNG, JPEG, GIF or WebP file")))));
        results.testEvents()
                .started()
                .assertThatEvents()
                .filteredOn(PAIR)
                .as("the other 24 memes were still mined and scored")
                .hasSizeGreaterThanOrEqualTo(14);
    }

    @Test
    void malformedEmptyOrEscapingDatasetsStopDiscoveryNamingFileAndLine() throws Exception {
        Path malformed = dir.resolve("bad.jsonl");
        Files.write(
                malformed,
                List.of("{\"id\": \"a\", \"image\": \"a.png\", \"text\": \"x\", \"labels\": []}", "{\"id\": \"b\","));
        assertIssue(engine(malformed).discover(), malformed + ":2: malformed JSON");

        Path empty = dir.resolve("empty.jsonl");
        Files.write(empty, List.of());
        assertIssue(engine(empty).discover(), "dataset file " + empty + " holds no memes");

        Path escaping = dir.resolve("escape.jsonl");
        Files.write(escaping, List.of("{\"id\": 1, \"img\": \"../../../etc/passwd\", \"text\": \"x\"}"));
        assertIssue(
                engine(escaping).discover(),
                escaping + ":1: field 'img': path '../../../etc/passwd' leads outside the dataset folder");
    }

    /**
     * {@code mvn test -Dadammeme.gate.maxfr=0.25}: Surefire hands the build's -D keys to the tests as system
     * properties, which a launcher reads as configuration parameters. The misspelt gate must stop discovery, not leave
     * the release ungated.
     */
    @Test
    void aMisspeltKeyGivenAsASystemPropertyStopsDiscoveryNamingTheKeyMeant() throws Exception {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 2);
        System.setProperty("adammeme.gate.maxfr", "0.25");
        try {
            // As every launcher but the test kit does by default: system properties and junit-platform.properties.
            assertIssue(
                    engine(dataset).enableImplicitConfigurationParameters(true).discover(),
                    "unknown configuration key 'adammeme.gate.maxfr' (a system property,"
                            + " -Dadammeme.gate.maxfr): did you mean adammeme.gate.max-fr?");
        } finally {
            System.clearProperty("adammeme.gate.maxfr");
        }
    }

    private static void assertIssue(EngineDiscoveryResults results, String expected) {
        assertTrue(results.getEngineDescriptor().getChildren().isEmpty(), "no suite runs on a bad dataset");
        DiscoveryIssue issue = results.getDiscoveryIssues().get(0);
        assertEquals(DiscoveryIssue.Severity.ERROR, issue.severity());
        assertTrue(issue.message().contains(expected), issue.message());
        assertTrue(issue.message().startsWith("io.github.adammeme.engine.Suites$Keyword: "), issue.message());
    }
}
