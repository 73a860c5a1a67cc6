package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.HardCaseBank;
import io.github.adammeme.internal.llm.cache.CacheDatabase;
import io.github.adammeme.internal.pipeline.HardCaseHarvest;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.run.Stages;
import io.github.adammeme.internal.report.release.Baseline;
import io.github.adammeme.internal.report.release.RunComparison;
import io.github.adammeme.internal.report.run.RunFilesException;
import io.github.adammeme.internal.report.run.RunRecords;
import io.github.adammeme.internal.summary.release.BaselineCategories;
import io.github.adammeme.internal.summary.release.FrChange;
import io.github.adammeme.internal.summary.release.FrGates;
import io.github.adammeme.internal.summary.release.GateSettings;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import io.github.adammeme.internal.summary.run.OutputLayout;
import io.github.adammeme.internal.text.Secrets;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Publishes one run: every file it leaves in its output folder (summary.json, samples.jsonl,
 * memes.jsonl, summary.md, the charts, baseline.md), its record in the cache database with the
 * history drawn from it, and its failed refinements merged into the hard-case bank. The test engine
 * and the command line both publish through it, so a run writes the same files however it was
 * started; what only a test run has (report entries, Allure results) stays with the engine.
 *
 * <p>The run's own files come first and decide whether it is saved ({@link #writeRunFiles}); everything
 * else is {@link BestEffort}: once the figures are written, nothing after them can lose them, and no
 * later step (a lost or interrupted run's summary included) writes over them.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RunPublisher {

    /** How a later run names a recorded one as its baseline: {@code cache:<run id>}. */
    public static final String CACHE_RUN = "cache:";

    private final EvaluationConfig config;
    private final Options options;
    private final String startedAt;
    private final PrintStream out;
    private final PrintStream err;
    private final OutputLayout layout;
    // Each made once, when first asked for (summary.md, the charts, the comparison and the decision).
    private @Nullable List<Path> charts;
    private @Nullable String summaryMarkdown;
    private @Nullable Map<String, FrChange> changes;
    private @Nullable ReleaseDecision decision;
    /** Set once this run's summary.json holds its figures: from then on nothing writes over it. */
    private volatile boolean figuresWritten;

    /**
     * What a run publishes beyond its own figures, each where the configuration asked for it.
     *
     * @param baseline the run this one is compared with ({@code adammeme.baseline})
     * @param alpha    significance level of that comparison
     * @param history  the targets whose recorded trend is drawn after the run ({@code adammeme.history})
     * @param bank     the hard-case bank failed refinements are merged into ({@code adammeme.bank})
     * @param gates    the FR budgets the release decision holds ({@code adammeme.gate.*})
     * @param minKappa the judge agreement below which the release decision fails ({@code adammeme.judge.min-kappa})
     * @param categories what of the baseline comparison decides beside the overall one ({@code adammeme.baseline.categories})
     */
    public record Options(
            Optional<Baseline> baseline,
            double alpha,
            Optional<String> history,
            Optional<Path> bank,
            FrGates gates,
            Optional<Double> minKappa,
            BaselineCategories categories) {

        /**
         * With the default of what the baseline's categories decide.
         *
         * @param baseline the run this one is compared with
         * @param alpha    significance level of that comparison
         * @param history  the targets whose recorded trend is drawn after the run
         * @param bank     the hard-case bank failed refinements are merged into
         * @param gates    the FR budgets the release decision holds
         * @param minKappa the judge agreement below which the release decision fails
         */
        public Options(
                Optional<Baseline> baseline,
                double alpha,
                Optional<String> history,
                Optional<Path> bank,
                FrGates gates,
                Optional<Double> minKappa) {
            this(baseline, alpha, history, bank, gates, minKappa, BaselineCategories.REGRESSIONS);
        }

        /** No baseline, history, bank or release check. */
        public static final Options NONE = new Options(Optional.empty(), 0.05, Optional.empty(), Optional.empty());

        /**
         * Without release checks beyond the baseline's.
         *
         * @param baseline the run this one is compared with
         * @param alpha    significance level of that comparison
         * @param history  the targets whose recorded trend is drawn after the run
         * @param bank     the hard-case bank failed refinements are merged into
         */
        public Options(Optional<Baseline> baseline, double alpha, Optional<String> history, Optional<Path> bank) {
            this(baseline, alpha, history, bank, GateSettings.read(Map.of()), Optional.empty());
        }
    }

    /**
     * @param config    the run's configuration; its output folder is where everything goes
     * @param options   the baseline, history and bank, when set
     * @param startedAt when the run started (ISO-8601), as recorded and banked
     * @param out       where what was written is said
     * @param err       where a record that could not be kept is said
     */
    public RunPublisher(EvaluationConfig config, Options options, String startedAt, PrintStream out, PrintStream err) {
        this.config = config;
        this.options = options;
        this.startedAt = startedAt;
        this.out = out;
        this.err = err;
        this.layout = OutputLayout.of(config.outputs().directory());
    }

    /** @return the layout of the run's folder */
    public OutputLayout layout() {
        return layout;
    }

    /**
     * summary.md's text, rendered once for the file and for whatever shows it inline.
     *
     * @param e the finished evaluation
     * @return the Markdown
     */
    public synchronized String summaryMarkdown(Evaluation e) {
        if (summaryMarkdown == null) {
            summaryMarkdown = SummaryMarkdown.render(e, decision(e));
        }
        return summaryMarkdown;
    }

    /**
     * What the run's figures decide about a release: its gates, its baseline and its judge, decided once for
     * the tests that report them, summary.json, summary.md and the console.
     *
     * @param e the finished evaluation
     * @return the decision; a mining-only run, which scores nothing, has no check
     */
    public synchronized ReleaseDecision decision(Evaluation e) {
        if (decision == null) {
            decision = config.method().stages() == Stages.MINING
                    ? ReleaseDecision.miningOnly()
                    : ReleaseDecision.of(
                            e.metrics(),
                            options.gates(),
                            comparison(e),
                            options.baseline().map(Baseline::named),
                            options.minKappa(),
                            options.categories());
        }
        return decision;
    }

    /**
     * The run's charts and their page, written once, for the summaries that show them and the folder; charts that
     * cannot be written are said once and left out.
     *
     * @param e the finished evaluation
     * @return the SVG files, or none when they could not be written
     */
    public synchronized List<Path> charts(Evaluation e) {
        if (charts == null) {
            charts = List.of();
            BestEffort.attempt(
                    "the charts in " + layout.folder(),
                    () -> charts = Charts.writeWithPage(
                            List.of(e),
                            layout.folder(),
                            "AdamMeme: " + config.models().target().model()),
                    err);
        }
        return charts;
    }

    /**
     * This run against the baseline, per category and overall; computed once, and written as baseline.md
     * with the run's reports.
     *
     * @param e the finished evaluation
     * @return the changes by category ({@code overall} included), or empty without a baseline
     */
    public synchronized Optional<Map<String, FrChange>> comparison(Evaluation e) {
        if (options.baseline().isEmpty()) {
            return Optional.empty();
        }
        if (changes == null) {
            Baseline baseline = options.baseline().get();
            changes = new LinkedHashMap<>();
            RunComparison.compare(e, baseline, options.alpha(), options.gates().minSamples())
                    .forEach(c -> changes.put(c.category(), c));
        }
        return Optional.of(changes);
    }

    /** What this run's target answers were, in the line its summary gives them. */
    private static String identity(Evaluation e) {
        return e.run().targetAnswers() == null
                ? ""
                : e.run().targetAnswers().keptFor() + "; "
                        + e.run().targetAnswers().describe();
    }

    /**
     * Writes every file of the run: its own, then its reports.
     *
     * @param e the finished evaluation
     * @throws RunFilesException naming the run's own file that could not be written
     */
    public void writeFiles(Evaluation e) {
        writeRunFiles(e);
        writeReports(e);
    }

    /**
     * The run's own files, before anything optional: samples.jsonl, memes.jsonl and summary.json, the figures and
     * the release decision, moved into place together. From then on the run is saved.
     *
     * @param e the finished evaluation
     * @throws RunFilesException naming the file that could not be written (a full disk, the file-size limit)
     */
    public void writeRunFiles(Evaluation e) {
        EvaluationWriter.write(e, decision(e), layout.folder());
        figuresWritten = true;
    }

    /** @return whether this run's summary.json holds its figures */
    public boolean figuresWritten() {
        return figuresWritten;
    }

    /**
     * The run's reports, each left out with a line when it cannot be written: summary.md, and for a run that scored,
     * its charts and baseline.md. A mining-only run has no figures to draw or compare.
     *
     * @param e the finished evaluation
     */
    public void writeReports(Evaluation e) {
        BestEffort.attempt(
                OutputLayout.SUMMARY_MARKDOWN + " in " + layout.folder(),
                () -> EvaluationWriter.writeText(layout.summaryMarkdown(), summaryMarkdown(e)),
                err);
        if (config.method().stages() != Stages.MINING) {
            charts(e);
            comparison(e)
                    .ifPresent(changed -> BestEffort.attempt(
                            OutputLayout.BASELINE_MARKDOWN + " in " + layout.folder(),
                            () -> EvaluationWriter.writeText(
                                    layout.baselineMarkdown(),
                                    RunComparison.markdown(
                                            config.models().target().model(),
                                            identity(e),
                                            options.baseline().orElseThrow(),
                                            options.alpha(),
                                            changed.values())),
                            err));
        }
    }

    /**
     * The summary.json of a run lost before its figures, so neither a reader nor a CI step that reads
     * the file takes an older run's figures for this one's; nothing when this run's figures are written,
     * which a failure after them must not cost.
     *
     * @param reason why the run was lost, already redacted and plain
     * @return whether it was written: false when the run's figures are there
     * @throws IOException when it cannot be written
     */
    public boolean writeLost(String reason) throws IOException {
        if (figuresWritten) {
            return false;
        }
        EvaluationWriter.writeLost(
                layout.folder(), config.models().target().model(), config.datasetDescription(), reason);
        return true;
    }

    /**
     * summary.json of an interrupted run: lost, and interrupted, with the line that says how far it got;
     * nothing when the run was interrupted after its figures were written.
     *
     * @param line how far the run got, what it paid for and where that is kept
     * @return whether it was written: false when the run's figures are there
     * @throws IOException when it cannot be written
     */
    public boolean writeInterrupted(String line) throws IOException {
        if (figuresWritten) {
            return false;
        }
        EvaluationWriter.writeLost(
                layout.folder(), config.models().target().model(), config.datasetDescription(), line, true);
        return true;
    }

    /**
     * The FR table and where the results are, on the console.
     *
     * @param e the finished evaluation
     */
    public void printResults(Evaluation e) {
        out.println();
        out.print(Secrets.redact(ConsoleReport.render(e)));
        if (e.run().targetAnswers() != null) {
            e.run().targetAnswers().lines(e.run().target()).forEach(line -> out.println(Secrets.redact(line)));
        }
        String truncated =
                TruncatedAnswers.of(e.usage()).consoleLine(config.models().maxTokens());
        if (truncated != null) {
            out.println(truncated);
        }
        out.print(Secrets.redact(decision(e).console()));
        out.println(
                figuresWritten
                        ? "results: " + layout.summaryJson().toAbsolutePath()
                        : "results: not saved, " + layout.folder().toAbsolutePath()
                                + " holds none of this run's files");
    }

    /**
     * Records the run in the cache database (and draws the history the configuration asks for), then
     * banks its failed refinements. Everything is written by then: a database that cannot take the
     * record (or whose driver cannot load) costs the record only, said in one line, and so does a bank
     * that cannot take the cases.
     *
     * @param e the finished evaluation
     */
    public void record(Evaluation e) {
        // A mining-only run has no samples: recorded, it would stand as this target's latest run.
        config.outputs()
                .cache()
                .database()
                .filter(database -> config.method().stages() != Stages.MINING)
                .ifPresent(database -> {
                    boolean recorded = BestEffort.attempt(
                            "the run's record in the cache " + database.name(),
                            () -> {
                                ReleaseDecision decided = decision(e);
                                String id = RunRecords.record(database, e, decided, startedAt);
                                out.println("recorded as run " + id + " in " + database.name()
                                        + (decided.verdict() == ReleaseDecision.Verdict.FAILED
                                                ? " (a rejected release: " + CACHE_RUN
                                                        + e.run().target() + " passes it over for the last release)"
                                                : " (a later run's baseline: -D" + Constants.BASELINE + "=" + CACHE_RUN
                                                        + e.run().target() + ")"));
                            },
                            err);
                    // Drawn without this run's record, the trend would end one run early.
                    options.history()
                            .filter(targets -> recorded)
                            .ifPresent(targets -> BestEffort.attempt(
                                    "the history of " + targets + " in " + layout.folder(),
                                    () -> history(database, targets),
                                    err));
                });
        options.bank()
                .ifPresent(bank -> BestEffort.attempt(
                        "the hard-case bank " + bank,
                        () -> {
                            HardCaseHarvest found = HardCaseHarvest.of(e, config, startedAt);
                            int added = HardCaseBank.merge(bank, found.cases(), found.pictures());
                            out.println("hard cases: " + found.cases().size() + " failed refinements, " + added
                                    + " new to the bank " + bank.toAbsolutePath());
                        },
                        err));
    }

    /** The trend of the recorded runs of these targets, this run's included, beside its results. */
    private void history(CacheDatabase database, String targets) {
        List<RunRecords.Run> runs = History.select(RunRecords.all(database), targets);
        Path page = HistoryPage.write(
                History.of(database.name(), runs, options.alpha()), layout.folder(), "AdamMeme history: " + targets);
        out.println("history of " + runs.size() + " recorded runs of " + targets + ": " + page.toAbsolutePath());
    }

    /**
     * The leaderboard of a suite that evaluated several targets, with their charts, in the suite's
     * folder beside the targets' own.
     *
     * @param runs   the targets' finished evaluations, in the configured order
     * @param folder the suite's folder
     * @param out    where the leaderboard's location is said
     */
    public static void leaderboard(List<Evaluation> runs, Path folder, PrintStream out) {
        OutputLayout suite = OutputLayout.of(folder);
        try {
            Files.createDirectories(folder);
            EvaluationWriter.writeText(suite.leaderboardMarkdown(), Leaderboard.markdown(runs));
            EvaluationWriter.writeText(suite.leaderboardPage(), Leaderboard.html(runs));
            Charts.writeWithPage(runs, folder, "AdamMeme: " + runs.size() + " targets");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the leaderboard to " + folder, e);
        }
        out.println("leaderboard of " + runs.size() + " targets: "
                + suite.leaderboardMarkdown().toAbsolutePath());
    }
}
