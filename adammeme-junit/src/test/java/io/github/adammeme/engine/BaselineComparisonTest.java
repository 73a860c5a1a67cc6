package io.github.adammeme.engine;

import static org.assertj.core.api.Assertions.anyOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.Condition;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/** A run against a previous one: the oracle improves on the keyword model, and the reverse fails the build. */
class BaselineComparisonTest {

    @TempDir
    static Path dir;

    static Path dataset;

    @BeforeAll
    static void memes() {
        dataset = SyntheticMemes.write(dir.resolve("memes"), SyntheticMemes.CAPTIONS.size());
    }

    private static EngineExecutionResults run(String target, String out, String... config) {
        String[] all = new String[config.length + 2];
        all[0] = "adammeme.target.model";
        all[1] = target;
        System.arraycopy(config, 0, all, 2, config.length);
        return EngineRuns.keywordSuite(dataset, dir, out, all);
    }

    /** A comparison with the baseline, one per category and one overall. */
    private static final Condition<Event> COMPARISON = new Condition<>(
            e -> e.getTestDescriptor().getDisplayName().startsWith("against the baseline: "),
            "a comparison with the baseline");

    private static final Condition<Event> OVERALL = event(test(), displayName("against the baseline: overall"));

    private static final String REGRESSION = "significant regression in overall against sim:oracle \\(.*\\): FR "
            + "\\d+\\.\\d% \\[.*] \\(\\d+/\\d+\\) -> \\d+\\.\\d% \\[.*] \\(\\d+/\\d+\\), \\+\\d+\\.\\d points; average score "
            + "\\d+\\.\\d\\d -> \\d+\\.\\d\\d; McNemar exact test on \\d+ paired samples \\(\\d+ passed before and fail now, "
            + "\\d+ the reverse\\), p = 0\\.0\\d+";

    /** What a comparison's test published under {@code baseline}: the comparison's sentence. */
    private static String published(EngineExecutionResults results, String displayName) {
        return results.allEvents().reportingEntryPublished().stream()
                .filter(e -> e.getTestDescriptor().getDisplayName().equals(displayName))
                .map(e -> e.getPayload(ReportEntry.class)
                        .orElseThrow()
                        .getKeyValuePairs()
                        .get("baseline"))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void anImprovementIsReportedAndARegressionFailsWithItsFigures() throws Exception {
        run("sim:keyword", "keyword");
        run("sim:oracle", "oracle");

        EngineExecutionResults better = run(
                "sim:oracle",
                "oracle-vs-keyword",
                "adammeme.baseline",
                dir.resolve("keyword").toString());
        better.testEvents().assertThatEvents().haveExactly(1, event(OVERALL, finishedSuccessfully()));
        // A category either changed significantly, or has too few samples to be called unchanged: never "unchanged",
        // and a category short of samples is reported (skipped), not failed: the whole run's comparison decides.
        better.testEvents()
                .finished()
                .assertThatEvents()
                .filteredOn(COMPARISON)
                .isNotEmpty()
                .are(anyOf(
                        finishedSuccessfully(),
                        abortedWithReason(message(m -> m.startsWith("not enough evidence to call ")
                                && m.contains("(adammeme.gate.min-samples); reported, not failed")))));
        better.testEvents()
                .succeeded()
                .filter(COMPARISON::matches)
                .forEach(e -> assertThat(published(better, e.getTestDescriptor().getDisplayName()))
                        .startsWith("significant "));
        String improvement = published(better, "against the baseline: overall");
        assertThat(improvement)
                .startsWith("significant improvement in overall against sim:keyword")
                .contains("McNemar exact test on");

        EngineExecutionResults worse = run(
                "sim:keyword",
                "keyword-vs-oracle",
                "adammeme.baseline",
                dir.resolve("oracle").resolve("summary.json").toString());
        worse.testEvents()
                .assertThatEvents()
                .haveExactly(1, event(OVERALL, finishedWithFailure(message(m -> m.matches(REGRESSION)))));
        // The same, naming the baseline as a run recorded in the cache database: the keyword model's latest.
        EngineExecutionResults fromCache =
                run("sim:oracle", "oracle-vs-cached-keyword", "adammeme.baseline", "cache:sim:keyword");
        assertThat(published(fromCache, "against the baseline: overall"))
                .startsWith("significant improvement in overall against sim:keyword (cache:sim:keyword@")
                .endsWith(improvement.substring(improvement.indexOf("): ") + 1));

        String table = Files.readString(dir.resolve("keyword-vs-oracle").resolve("baseline.md"));
        assertThat(table).startsWith("# sim:keyword against sim:oracle").contains("| regressed |");
    }

    @Test
    void anUnknownRecordedRunIsNamedWithTheRunsThereAre() {
        List<String> issues = EngineTestKit.engine(Constants.ENGINE_ID)
                .configurationParameter("adammeme.dataset", dataset.toString())
                .configurationParameter(
                        "adammeme.cache", dir.resolve("empty-cache.db").toString())
                .configurationParameter("adammeme.baseline", "cache:gpt-9")
                .selectors(selectClass(Suites.Keyword.class))
                .discover()
                .getDiscoveryIssues()
                .stream()
                .map(i -> i.message())
                .toList();
        assertTrue(
                issues.get(0).contains("'adammeme.baseline' has value 'cache:gpt-9': no run gpt-9 is recorded in"),
                issues.get(0));
    }

    @Test
    void aCacheThatCannotBeReadStopsDiscoveryNamingTheBaselineNotWithAStackTrace() throws Exception {
        Path corrupt = Files.write(
                dir.resolve("corrupt-cache.db"),
                "not a database, half a page of it".repeat(64).getBytes());
        List<DiscoveryIssue> issues = EngineTestKit.engine(Constants.ENGINE_ID)
                .configurationParameter("adammeme.dataset", dataset.toString())
                .configurationParameter("adammeme.cache", corrupt.toString())
                .configurationParameter("adammeme.baseline", "cache:sim:keyword")
                .selectors(selectClass(Suites.Keyword.class))
                .discover()
                .getDiscoveryIssues();
        assertEquals(1, issues.size(), issues.toString());
        DiscoveryIssue issue = issues.get(0);
        assertEquals(DiscoveryIssue.Severity.ERROR, issue.severity());
        assertTrue(
                issue.message().contains("'adammeme.baseline' has value 'cache:sim:keyword'")
                        && issue.message().contains("cannot read runs from " + corrupt),
                issue.message());
        assertTrue(issue.cause().isEmpty(), "the message names the key and the file; no trace under it");
    }

    @Test
    void aBaselineThatIsNotARunStopsDiscoveryNamingTheKey() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("not-a-run"));
        List<String> issues = EngineTestKit.engine(Constants.ENGINE_ID)
                .configurationParameter("adammeme.dataset", dataset.toString())
                .configurationParameter("adammeme.baseline", empty.toString())
                .selectors(selectClass(Suites.Keyword.class))
                .discover()
                .getDiscoveryIssues()
                .stream()
                .map(i -> i.message())
                .toList();
        assertEquals(1, issues.size(), issues.toString());
        assertTrue(
                issues.get(0).contains("'adammeme.baseline' has value '" + empty + "'")
                        && issues.get(0).contains("has no summary.json"),
                issues.get(0));
    }
}
