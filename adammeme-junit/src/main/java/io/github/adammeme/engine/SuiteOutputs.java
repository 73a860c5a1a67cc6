package io.github.adammeme.engine;

import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.run.LibraryVersion;
import io.github.adammeme.internal.report.BestEffort;
import io.github.adammeme.internal.report.Charts;
import io.github.adammeme.internal.report.CostTable;
import io.github.adammeme.internal.report.RunPublisher;
import io.github.adammeme.internal.report.run.RunFilesException;
import io.github.adammeme.internal.summary.release.FrChange;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import io.github.adammeme.internal.summary.run.OutputLayout;
import io.github.adammeme.internal.text.Console;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a suite's run leaves beside its tests: the run's files through the {@link RunPublisher} the
 * command line uses too, and what only a test run has, the Allure environment and executor. The
 * tests only read from it. The run's own files are written as soon as its figures exist; the rest is
 * {@link BestEffort}, so nothing after the figures can lose them.
 */
final class SuiteOutputs {

    private final SuiteNode suite;
    private final boolean severalSuites;
    private final EvaluationConfig config;
    private final SampleBoard board;
    private final RunPublisher publisher;
    private @Nullable Evaluation evaluation;
    /** Why the run's own files could not be written, once that was tried and failed. */
    private @Nullable RunFilesException unsaved;

    private boolean saveTried;

    SuiteOutputs(SuiteNode suite, boolean severalSuites, EvaluationConfig config, SampleBoard board) {
        this.suite = suite;
        this.severalSuites = severalSuites;
        this.config = config;
        this.board = board;
        this.publisher = new RunPublisher(
                config,
                suite.settings().publishing(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                Console.out(),
                Console.err());
    }

    /** The suite's folder: the configured one, per suite class when there are several, per target when it lists several. */
    static Path outputOf(SuiteNode suite, boolean severalSuites) {
        return OutputLayout.targetFolder(
                commonOutputOf(suite, severalSuites),
                suite.settings().config().models().target().model(),
                suite.oneOfSeveralTargets());
    }

    /** Where the suite class's outputs go, and its targets' leaderboard. */
    static Path commonOutputOf(SuiteNode suite, boolean severalSuites) {
        return OutputLayout.suiteFolder(
                suite.settings().config().outputs().directory(),
                suite.suiteClass().getSimpleName(),
                severalSuites);
    }

    /** Allure's environment is one file for the whole run: keys are prefixed per suite class and target when there are several. */
    private String environmentPrefix() {
        return (severalSuites ? suite.suiteClass().getSimpleName() + "." : "")
                + (suite.oneOfSeveralTargets() ? config.models().target().model() + "." : "");
    }

    /**
     * The run's own files (summary.json, samples.jsonl, memes.jsonl), written once, as soon as its figures exist and
     * before any test reports them. A file that cannot be written (a full disk) is kept to end the run with, named:
     * the tests still report every figure first.
     */
    synchronized void saveFigures(Evaluation e) {
        if (saveTried) {
            return;
        }
        saveTried = true;
        try {
            publisher.writeRunFiles(e);
        } catch (RunFilesException notWritten) {
            unsaved = notWritten;
        }
    }

    /** @return whether summary.json holds this run's figures, which nothing may then write over */
    boolean figuresSaved() {
        return publisher.figuresWritten();
    }

    /** @return why the run's own files could not be written, when they could not */
    synchronized Optional<RunFilesException> unsaved() {
        return Optional.ofNullable(unsaved);
    }

    /** The finished evaluation, when the pipeline got that far. */
    Optional<Evaluation> evaluation() {
        return Optional.ofNullable(evaluation);
    }

    /** The run's charts, written once, when the first summary needs them. */
    List<Path> charts(Evaluation e) {
        return publisher.charts(e);
    }

    /** summary.md's text, as the file has it. */
    String summaryMarkdown(Evaluation e) {
        return publisher.summaryMarkdown(e);
    }

    /** What a category's summary shows inline: FR per category, and the misbelief terms of its failures. */
    List<Path> chartsOf(String category) {
        String suffix = "-" + Charts.slug(category) + ".svg";
        return charts(board.evaluation()).stream()
                .filter(c -> c.getFileName().toString().startsWith("fr-by-category")
                        || (c.getFileName().toString().startsWith("misbelief-terms-")
                                && c.getFileName().toString().endsWith(suffix)))
                .toList();
    }

    /** This run against the baseline, per category and overall; computed once, written as baseline.md. */
    Optional<Map<String, FrChange>> comparison(Evaluation e) {
        return publisher.comparison(e);
    }

    /** What the run's figures decide: computed once, for the tests that report it and the files that record it. */
    ReleaseDecision decision(Evaluation e) {
        return publisher.decision(e);
    }

    /**
     * The run's reports, the Allure environment and executor, the table on the console, the run record and the bank:
     * each left out with one line when it fails, the figures being written by then.
     */
    void publish(Evaluation e) {
        evaluation = e;
        saveFigures(e);
        if (unsaved().isEmpty()) {
            publisher.writeReports(e);
        }
        Map<String, String> usage = new LinkedHashMap<>();
        UsageLedger.Line total = CostTable.total(e.usage());
        usage.put("calls", Long.toString(total.calls()));
        usage.put("calls.cached", Long.toString(total.cacheHits()));
        usage.put("tokens", Long.toString(Usage.plus(total.promptTokens(), total.completionTokens())));
        usage.put("tokens.cached", Long.toString(total.cachedTokens()));
        usage.put("cost.usd", String.format(Locale.ROOT, "%.4f", total.costUsd()));
        ReleaseDecision decision = decision(e);
        // A mining-only run has nothing to compare: a baseline would be written a baseline.md of nothing.
        Optional<Map<String, FrChange>> changes =
                decision.verdict() == ReleaseDecision.Verdict.NOT_SCORED ? Optional.empty() : comparison(e);
        BestEffort.attempt(
                allure("environment.properties"),
                () -> AllureBridge.writeEnvironment(
                        config, e, decision, suite.settings(), changes, environmentPrefix(), usage),
                Console.err());
        publisher.printResults(e);
        BestEffort.attempt(
                allure("executor.json"),
                () -> AllureBridge.writeExecutor(e, decision)
                        .ifPresent(dir -> Console.out().println("Allure results: " + dir.toAbsolutePath())),
                Console.err());
        publisher.record(e);
    }

    /** The Allure environment before anything runs, so a run that is lost early still says what it ran. */
    void writeEnvironment() {
        BestEffort.attempt(
                allure("environment.properties"),
                () -> AllureBridge.writeEnvironment(
                        config, config.promptLibrary().digests(), LibraryVersion.current(), environmentPrefix()),
                Console.err());
    }

    /** One of Allure's files, named with its folder; without Allure on the classpath, without touching Allure. */
    private static String allure(String file) {
        return "Allure's " + file + (AllureSupport.PRESENT ? " in " + AllureBridge.resultsDirectory() : "");
    }

    /**
     * summary.json and the Allure environment of a run that ended without its figures saved; what cannot be written is
     * said on stderr. A summary that holds the run's figures is kept as it is.
     */
    void recordLoss(@Nullable String reason) {
        // An exception without a message still loses the run; its record must say something, and Map.of takes no null.
        String why = reason == null ? "the run ended without a reason given" : reason;
        try {
            if (publisher.writeLost(why)) {
                AllureBridge.writeEnvironment(
                        config, Map.of(), LibraryVersion.current(), environmentPrefix(), Map.of("run.lost", why));
            }
        } catch (RuntimeException | IOException | LinkageError e) {
            Console.warn("and its loss could not be recorded: " + BestEffort.cause(e));
        }
    }

    /**
     * summary.json and the Allure environment of an interrupted run, from the test thread or from the JVM's
     * shutdown hook: no trace, no figures, the line that says how far it got.
     */
    void recordInterruption(String line) {
        try {
            if (publisher.writeInterrupted(line)) {
                AllureBridge.writeEnvironment(
                        config,
                        Map.of(),
                        LibraryVersion.current(),
                        environmentPrefix(),
                        Map.of("run.interrupted", line));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("summary.json of the interrupted run could not be written", e);
        }
    }

    /** Writes the leaderboard of a suite that evaluated several targets, beside their own folders. */
    static void leaderboard(List<SuiteOutputs> targets) {
        List<Evaluation> runs = targets.stream()
                .map(SuiteOutputs::evaluation)
                .flatMap(Optional::stream)
                .toList();
        if (runs.size() < 2) {
            return; // a target whose pipeline failed has already failed its suite; one alone is no comparison
        }
        SuiteOutputs first = targets.get(0);
        Path folder = commonOutputOf(first.suite, first.severalSuites);
        // After every target's figures: a leaderboard that cannot be written costs itself only.
        BestEffort.attempt(
                "the leaderboard in " + folder,
                () -> RunPublisher.leaderboard(runs, folder, Console.out()),
                Console.err());
    }
}
