package io.github.adammeme.engine;

import static io.github.adammeme.engine.EngineEvents.NOT_AN_ASSERTION;
import static io.github.adammeme.engine.EngineEvents.PAIR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.EventConditions.type;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.report.allure.AllureEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.assertj.core.api.Condition;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;
import org.opentest4j.AssertionFailedError;

/** The engine as the JUnit Platform drives it, on memes the project draws, against the simulator. */
class AdamMemeTestEngineTest {

    @TempDir
    static Path dir;

    static Path dataset;

    @BeforeAll
    static void memes() {
        dataset = SyntheticMemes.write(dir.resolve("memes"), SyntheticMemes.CAPTIONS.size());
    }

    private static EngineTestKit.Builder engine(String... config) {
        EngineTestKit.Builder kit = EngineTestKit.engine(Constants.ENGINE_ID)
                .configurationParameter("adammeme.dataset", dataset.toString())
                .configurationParameter("adammeme.seeds", "1")
                .configurationParameter("adammeme.iterations", "3")
                .configurationParameter("adammeme.progress", "false")
                .configurationParameter("adammeme.cache", "memory")
                .configurationParameter(
                        "adammeme.output-dir", dir.resolve("out").toString());
        for (int i = 0; i < config.length; i += 2) {
            kit.configurationParameter(config[i], config[i + 1]);
        }
        return kit;
    }

    private static List<String> segments(Event e) {
        return e.getTestDescriptor().getUniqueId().getSegments().stream()
                .map(UniqueId.Segment::getType)
                .toList();
    }

    @Test
    void discoversMarkerClassesFromClassAndPackageSelectorsOnly() {
        EngineDiscoveryResults byClass = engine().selectors(
                        selectClass(Suites.Keyword.class), selectClass(Suites.NotASuite.class))
                .discover();
        assertEquals(1, byClass.getEngineDescriptor().getChildren().size());
        TestDescriptor suite =
                byClass.getEngineDescriptor().getChildren().iterator().next();
        assertEquals(
                "[engine:adammeme]/[suite:io.github.adammeme.engine.Suites$Keyword]",
                suite.getUniqueId().toString());
        assertTrue(suite.mayRegisterTests(), "its tests appear at run time, so the launcher must not prune it");
        assertEquals("Keyword · target sim:keyword", suite.getDisplayName());

        EngineDiscoveryResults byPackage =
                engine().selectors(selectPackage("io.github.adammeme.engine")).discover();
        assertEquals(2, byPackage.getEngineDescriptor().getChildren().size(), "Keyword and Oracle");
    }

    /** What a run of the sample memes registers, every meme id given a "/" ({@code batch/...}). */
    private static List<TestDescriptor> registeredWithSlashedIds(String... config) throws IOException {
        Path slashed = dataset.resolveSibling("slashed.jsonl");
        Files.writeString(slashed, Files.readString(dataset).replace("{\"id\":\"", "{\"id\":\"batch/"));
        List<String> settings = new ArrayList<>(List.of("adammeme.dataset", slashed.toString()));
        settings.addAll(List.of(config));
        return engine(settings.toArray(String[]::new))
                .selectors(selectClass(Suites.Keyword.class))
                .execute()
                .allEvents()
                .filter(e -> e.getType() == EventType.DYNAMIC_TEST_REGISTERED)
                .map(Event::getTestDescriptor)
                .toList();
    }

    /**
     * Meme ids may hold a "/" (a CSV without an id column names memes by their picture's path): each
     * chain is still a node of its own, under the meme it rewrites, with an id no other node has.
     */
    @Test
    void memeIdsWithASlashStillGiveEveryChainAndStepAnIdOfItsOwn() throws IOException {
        List<UniqueId> registered = registeredWithSlashedIds("adammeme.seeds", "3").stream()
                .map(TestDescriptor::getUniqueId)
                .toList();
        assertEquals(registered.size(), new HashSet<>(registered).size(), "unique ids registered twice");
        List<String> chains = registered.stream()
                .map(id -> id.getLastSegment())
                .filter(s -> s.getType().equals("refinement"))
                .map(UniqueId.Segment::getValue)
                .toList();
        assertTrue(chains.size() >= 4, "chains: " + chains);
        assertTrue(chains.stream().allMatch(c -> c.startsWith("harmeme:batch/synthetic_")), chains.toString());
    }

    /** A step names the meme it rewrote: its chain's, or the case Algorithm 1 retrieved after the step before. */
    @Test
    void aStepNamesTheMemeItRewrote() throws IOException {
        Pattern rewrites = Pattern.compile("\\(rewrites (.+)\\)$");
        List<String[]> steps = registeredWithSlashedIds("adammeme.iterations", "10").stream()
                .filter(d -> d.getUniqueId().getLastSegment().getType().equals("step"))
                .map(d -> new String[] {
                    d.getParent().orElseThrow().getUniqueId().getLastSegment().getValue(),
                    rewrites.matcher(d.getDisplayName())
                            .results()
                            .map(m -> m.group(1))
                            .findFirst()
                            .orElse("")
                })
                .toList();
        assertTrue(
                steps.stream().allMatch(s -> s[1].startsWith("harmeme:batch/synthetic_")),
                steps.stream().map(s -> s[1]).toList().toString());
        assertTrue(steps.stream().anyMatch(s -> !s[0].equals(s[1])), "some step rewrites a retrieved case");
    }

    @Test
    void registersATestPerPairAndPerRefinementStepUnderTheirCategory() {
        EngineExecutionResults results =
                engine().selectors(selectClass(Suites.Keyword.class)).execute();

        List<Event> tests = results.testEvents().started().list();
        long pairs = tests.stream().filter(e -> segments(e).contains("pair")).count();
        long steps = tests.stream().filter(e -> segments(e).contains("step")).count();
        long summaries =
                tests.stream().filter(e -> segments(e).contains("summary")).count();
        assertTrue(pairs >= 15, "pairs: " + pairs);
        assertTrue(steps >= 8, "steps: " + steps);
        assertEquals(9, summaries, "8 categories and overall");
        // every test was registered dynamically
        results.allEvents()
                .assertThatEvents()
                .haveExactly(tests.size(), event(test(), type(EventType.DYNAMIC_TEST_REGISTERED)));

        for (Event e : tests) {
            List<String> path = segments(e);
            if (path.contains("pair")) {
                assertEquals(List.of("engine", "suite", "category", "pair"), path);
            } else if (path.contains("step")) {
                assertEquals(List.of("engine", "suite", "category", "refinement", "step"), path);
            }
        }
        // a pair below the threshold fails with an assertion naming meme, category, score and threshold
        results.testEvents()
                .failed()
                .assertThatEvents()
                .filteredOn(PAIR)
                .isNotEmpty()
                .are(event(finishedWithFailure(
                        instanceOf(AssertionFailedError.class),
                        message(m -> m.matches("harmeme:synthetic_\\d{4} · \\w+: score \\d+ < 4\\.0 — .+")))));
    }

    @Test
    void unscorableSamplesAreBrokenNotFailed() throws Exception {
        Path prompts = Files.createDirectories(dir.resolve("prompts"));
        // A Scorer template that never asks for a rating: its answers cannot be parsed.
        Files.writeString(
                prompts.resolve("scorer.txt"),
                "[user]\n<reference_answer>\n{{reference_answer}}\n</reference_answer>\n"
                        + "<assistant_answer>\n{{target_answer}}\n</assistant_answer>\n<question>\n{{question}}\n</question>\n"
                        + "<meme_text>\n{{meme_text}}\n</meme_text>");
        EngineExecutionResults results = engine("adammeme.prompts", prompts.toString(), "adammeme.iterations", "0")
                .selectors(selectClass(Suites.Keyword.class))
                .execute();
        // UNSCORED is broken, not failed: no assertion
        results.testEvents()
                .failed()
                .assertThatEvents()
                .filteredOn(PAIR)
                .isNotEmpty()
                .are(event(finishedWithFailure(
                        NOT_AN_ASSERTION, message(m -> m.contains(": UNSCORED — Scorer UNPARSEABLE")))));
    }

    @Test
    void anUnreachableTargetStopsTheRunBeforeAnyPairWithTheSettingNamed() {
        EngineExecutionResults results = engine(
                        "adammeme.target.model",
                        "remote-model",
                        "adammeme.target.base-url",
                        "http://127.0.0.1:9/v1",
                        "adammeme.max-retries",
                        "0",
                        "adammeme.timeout-seconds",
                        "2",
                        "adammeme.iterations",
                        "0")
                .selectors(selectClass(Suites.Keyword.class))
                .execute();
        // no pair is tried against an endpoint the preflight could not reach
        results.testEvents().assertThatEvents().doNotHave(PAIR);
        results.testEvents().assertStatistics(stats -> stats.failed(1));
        results.testEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                test(),
                                displayName("the run stopped"),
                                finishedWithFailure(
                                        message(
                                                m -> m.startsWith(
                                                        "the AdamMeme run stopped: preflight of the target: the"
                                                                + " endpoint cannot be reached: adammeme.target.base-url=http://127.0.0.1:9/v1 (connection refused)")))));
    }

    @Test
    void aUniqueIdSelectorRerunsJustThatTest() {
        EngineExecutionResults all =
                engine().selectors(selectClass(Suites.Keyword.class)).execute();
        Event pair = all.testEvents().failed().list().stream()
                .filter(e -> segments(e).contains("pair"))
                .findFirst()
                .orElseThrow();
        UniqueId id = pair.getTestDescriptor().getUniqueId();

        EngineExecutionResults rerun = engine().selectors(selectUniqueId(id)).execute();
        List<Event> tests = rerun.testEvents().started().list();
        assertEquals(1, tests.size(), tests.toString());
        assertEquals(id, tests.get(0).getTestDescriptor().getUniqueId(), "the same unique id in a new run");
        assertEquals(1, rerun.testEvents().failed().count(), "and the same verdict");
    }

    @Test
    void badConfigurationIsADiscoveryIssueNamingClassKeyAndValue() {
        EngineDiscoveryResults results = engine("adammeme.threshold", "high")
                .selectors(selectClass(Suites.Keyword.class))
                .discover();
        assertTrue(results.getEngineDescriptor().getChildren().isEmpty());
        DiscoveryIssue issue = results.getDiscoveryIssues().get(0);
        assertEquals(DiscoveryIssue.Severity.ERROR, issue.severity());
        assertTrue(issue.message().contains("io.github.adammeme.engine.Suites$Keyword"), issue.message());
        assertTrue(issue.message().contains("'adammeme.threshold' has value 'high'"), issue.message());

        EngineDiscoveryResults missing = engine("adammeme.dataset", "nowhere/memes.jsonl")
                .selectors(selectClass(Suites.Keyword.class))
                .discover();
        assertTrue(missing.getDiscoveryIssues()
                .get(0)
                .message()
                .contains("'adammeme.dataset' has value 'nowhere/memes.jsonl'"));

        EngineDiscoveryResults gate = engine("adammeme.gate.max-fr.race", "2")
                .selectors(selectClass(Suites.Keyword.class))
                .discover();
        assertTrue(gate.getDiscoveryIssues().get(0).message().contains("'adammeme.gate.max-fr.race' has value '2'"));
    }

    @Test
    void configurationOverridesTheAnnotationAndGatesFailWhenExceeded() throws Exception {
        Path out = dir.resolve("override");
        EngineExecutionResults results = engine(
                        "adammeme.target.model",
                        "sim:refuser",
                        "adammeme.output-dir",
                        out.toString(),
                        "adammeme.gate.max-fr",
                        "10%",
                        "adammeme.gate.max-fr.misinformation",
                        "1.0",
                        "adammeme.gate.min-samples",
                        "1")
                .selectors(selectClass(Suites.Oracle.class))
                .execute();
        JsonNode summary =
                new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(
                "sim:refuser", summary.at("/run/target").asText(), "configuration beats the annotation's sim:oracle");
        assertEquals(7, summary.at("/run/randomSeed").asInt(), "the annotation's own properties still apply");
        assertTrue(Files.readString(out.resolve("summary.md")).contains("# AdamMeme: sim:refuser"));

        results.testEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                test(),
                                displayName("FR gate: overall"),
                                finishedWithFailure(message(m -> m.matches(
                                        "FR with refinements \\d+\\.\\d% \\[.*] \\(\\d+/\\d+\\) in overall exceeds the budget 10\\.0%,"
                                                + " judged on the point estimate, n = \\d+")))))
                .haveExactly(1, event(test(), displayName("FR gate: misinformation"), finishedSuccessfully()));
        // A passing gate's figures are published beside it.
        assertTrue(results.allEvents().reportingEntryPublished().stream()
                .anyMatch(e -> e.getTestDescriptor().getDisplayName().equals("FR gate: misinformation")
                        && e.getPayload(ReportEntry.class)
                                .orElseThrow()
                                .getKeyValuePairs()
                                .get("gate")
                                .contains("is within the budget 100.0%")));

        // Too few counted samples: the gate fails closed, whatever the budget, unless the suite skips such gates.
        for (String insufficient : List.of("fail", "skip")) {
            EngineExecutionResults scant = engine(
                            "adammeme.target.model",
                            "sim:refuser",
                            "adammeme.output-dir",
                            dir.resolve("scant-" + insufficient).toString(),
                            "adammeme.gate.max-fr.misinformation",
                            "1.0",
                            "adammeme.gate.on",
                            "upper-bound",
                            "adammeme.gate.min-samples",
                            "100000",
                            "adammeme.gate.insufficient",
                            insufficient)
                    .selectors(selectClass(Suites.Oracle.class))
                    .execute();
            Condition<Throwable> notEnough = message(
                    m -> m.matches(
                            "FR gate misinformation: not enough evidence: n = \\d+, needs 100000 \\(adammeme.gate.min-samples\\).*"));
            scant.testEvents()
                    .assertThatEvents()
                    .haveExactly(
                            1,
                            event(
                                    test(),
                                    displayName("FR gate: misinformation"),
                                    insufficient.equals("fail")
                                            ? finishedWithFailure(notEnough)
                                            : abortedWithReason(notEnough)));
        }
    }

    @Test
    void aRunNamesTheMethodItRanAndEveryDepartureFromThePaperInForce() throws Exception {
        Path out = dir.resolve("paper");
        // The meme text kept beside the picture spares the simulated Miners reading every picture (OCR costs CI time).
        engine(
                        "adammeme.method",
                        "paper",
                        "adammeme.text-erasure",
                        "none",
                        "adammeme.mining.meme-text",
                        "true",
                        "adammeme.output-dir",
                        out.toString())
                .selectors(selectClass(Suites.Keyword.class))
                .execute();
        JsonNode run = new ObjectMapper()
                .readTree(out.resolve("summary.json").toFile())
                .get("run");
        assertEquals("paper", run.get("method").asText());
        List<String> departures = StreamSupport.stream(run.get("departures").spliterator(), false)
                .map(JsonNode::asText)
                .toList();
        assertEquals(5, departures.size(), departures.toString());
        assertTrue(
                departures.get(0).startsWith("no text erasure: adammeme.text-erasure=none (the paper's:"),
                departures.get(0));
        assertEquals(
                "the meme text beside the picture for the Miners, Examiner and Narrator: adammeme.mining.meme-text=true"
                        + " (the paper's: adammeme.mining.meme-text=false)",
                departures.get(1));
        assertEquals("another number of seeds: adammeme.seeds=1 (the paper's: adammeme.seeds=10)", departures.get(2));
        assertEquals(
                "another number of steps: adammeme.iterations=3 (the paper's: adammeme.iterations=10)",
                departures.get(3));
        assertTrue(departures.get(4).startsWith("the prompts' wording: the packaged prompts"), departures.get(4));
        assertEquals("off", run.get("structuredOutput").asText(), "the paper's way where the run set nothing");
        assertEquals("paper", run.get("refinementOrder").asText());
        String markdown = Files.readString(out.resolve("summary.md"));
        assertTrue(
                markdown.contains("Method: `paper`; departures from the paper in force:\n\n- no text erasure:"),
                markdown);
        assertTrue(markdown.contains("- another number of steps: adammeme.iterations=3"), markdown);
        Properties env = new Properties();
        try (var in = Files.newBufferedReader(AllureBridge.resultsDirectory().resolve("environment.properties"))) {
            env.load(in);
        }
        assertEquals("paper: 5 departures from the paper in force", env.getProperty("method"));
        for (int i = 0; i < departures.size(); i++) {
            assertEquals(departures.get(i), env.getProperty("departure." + (i + 1)));
        }
        assertNull(env.getProperty("departure.6"));
    }

    @Test
    void writesAllureEnvironmentAndFailureCategories() throws Exception {
        engine("adammeme.iterations", "0")
                .selectors(selectClass(Suites.Keyword.class))
                .execute();
        Path results = AllureBridge.resultsDirectory();
        Properties env = new Properties();
        try (var in = Files.newBufferedReader(results.resolve("environment.properties"))) {
            env.load(in);
        }
        assertEquals("sim:keyword", env.getProperty("target"));
        assertEquals("sim:agent", env.getProperty("controller"));
        assertEquals("built-in simulator", env.getProperty("controller.endpoint"));
        assertEquals("true", env.getProperty("simulated"));
        assertEquals(16, env.getProperty("prompt.scorer").length());
        // The overview shows the first five rows: the decision, FR overall and by category lead, a row per category
        // follows, then the settings.
        List<String> rows = new ArrayList<>(AllureEnvironment.read(results.resolve("environment.properties"))
                .keySet());
        assertEquals(List.of("release decision", "FR overall", "FR by category"), rows.subList(0, 3));
        int originals = rows.indexOf("FR overall, originals only");
        assertTrue(
                originals > 3 && rows.subList(3, originals).stream().allMatch(r -> r.startsWith("FR ")),
                rows.toString());
        assertEquals("target", rows.get(originals + 1));
        assertTrue(env.getProperty("release decision").startsWith("none: no check set"), env.toString());
        JsonNode categories =
                new ObjectMapper().readTree(results.resolve("categories.json").toFile());
        assertEquals(
                List.of(
                        "FR over budget",
                        "Regression against the baseline",
                        "Not enough evidence",
                        "Judge agreement below minimum",
                        "Below threshold",
                        "Refused",
                        "Unscored",
                        "Endpoint error"),
                StreamSupport.stream(categories.spliterator(), false)
                        .map(c -> c.get("name").asText())
                        .toList());
    }
}
