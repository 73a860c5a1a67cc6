package io.github.adammeme.cli;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.config.AdamMemeConfiguration;
import io.github.adammeme.internal.config.ConfigurationReader;
import io.github.adammeme.internal.data.DatasetException;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.llm.EndpointResolver;
import io.github.adammeme.internal.llm.EndpointUnusableException;
import io.github.adammeme.internal.llm.resilience.RunStop;
import io.github.adammeme.internal.llm.simulator.Simulators;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.progress.Interruption;
import io.github.adammeme.internal.pipeline.progress.Planner;
import io.github.adammeme.internal.pipeline.progress.ProgressLine;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.run.Listeners;
import io.github.adammeme.internal.pipeline.run.Stages;
import io.github.adammeme.internal.report.BestEffort;
import io.github.adammeme.internal.report.RunPublisher;
import io.github.adammeme.internal.report.run.RunFilesException;
import io.github.adammeme.internal.report.run.RunFolderLock;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import io.github.adammeme.internal.text.Console;
import io.github.adammeme.internal.text.Printable;
import io.github.adammeme.internal.text.Secrets;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One evaluation from the command line: the progress line while it runs, then every output through
 * the same {@link RunPublisher} as a test run, so its folder holds the files {@code mvn test} leaves;
 * then the gates and the baseline check a test run applies, by the same keys. Exit status 0; 1 when a
 * gate or the baseline check fails, nothing was scored, an endpoint failed during the run, the run
 * was lost, or its files could not be written (the figures are then on the console only); 2 for a bad setting or
 * dataset, an endpoint the preflight found unusable included, and for an output folder another run holds; 130 for a run
 * interrupted by a thread interrupt (Ctrl-C and SIGTERM end the JVM with the shell's 130 and 143, after the
 * run's interruption is said on stderr and in summary.json).
 */
final class EvaluateCommand {

    /** The status a shell gives a command Ctrl-C ended (128 + SIGINT), for a run interrupted in-process. */
    static final int INTERRUPTED = 130;

    private EvaluateCommand() {}

    static int run(Map<String, String> values, PrintStream out, PrintStream err) {
        AdamMemeConfiguration configuration;
        try {
            configuration = ConfigurationReader.read(values);
            if (configuration.evaluations().size() > 1) {
                throw new ConfigurationException(
                        Constants.TARGET_MODEL,
                        values.get(Constants.TARGET_MODEL),
                        "the command line evaluates one target at a time; run it once per model, or list the models in"
                                + " a test suite's adammeme.target.model");
            }
            if (configuration.dryRun()) {
                return PlanCommand.run(configuration.evaluation(), out, err);
            }
            configuration.evaluation().outputs().requireWritableDirectory();
        } catch (ConfigurationException | DatasetException e) {
            Console.warn(err, e.getMessage());
            return 2;
        }
        EvaluationConfig config = configuration.evaluation();
        RunFolderLock folder;
        try {
            // Held from before anything is written into the folder until the run has published: no two runs interleave
            // there.
            folder = RunFolderLock.take(
                    config.outputs().directory(),
                    "adammeme evaluate of " + config.models().target().model());
        } catch (RunFolderLock.FolderInUseException | UncheckedIOException notTaken) {
            err.println("adammeme: " + notTaken.getMessage());
            return 2;
        }
        try (folder) {
            return evaluate(configuration, config, out, err);
        }
    }

    /** The run itself, in a folder no other run writes. */
    private static int evaluate(
            AdamMemeConfiguration configuration, EvaluationConfig config, PrintStream out, PrintStream err) {
        EndpointResolver simulator = Simulators.builtIn(configuration.simulator());
        boolean progress = configuration.progress();
        RunPublisher.Options publishing = configuration.publishing();
        RunPublisher publisher = new RunPublisher(
                config,
                publishing,
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                out,
                err);
        RunStop cancel = new RunStop();
        CompletableFuture<Void> evaluated = new CompletableFuture<>();
        Interruption interruption = new Interruption(cancel, config.outputs().cache(), err, line -> {
            try {
                publisher.writeInterrupted(line);
            } catch (IOException e) {
                throw new UncheckedIOException("summary.json of the interrupted run could not be written", e);
            }
        });
        try {
            // Ctrl-C or SIGTERM ends the JVM under the run: its hook says how far the run got and where its answers
            // are.
            interruption.onShutdown(evaluated);
            long start = System.nanoTime();
            Evaluation evaluation;
            // Closed before the results are printed, so the table never shares a line with the progress.
            // Read once, for the progress line's plan and the run: a large dataset's every line is checked in one pass.
            Optional<List<Meme>> memes = AdamMeme.memesToMine(config);
            try (ProgressLine line = progress
                    ? new ProgressLine(err, ProgressLine.onTerminal()).planned(Planner.forProgress(config, memes))
                    : null) {
                evaluation = AdamMeme.evaluate(config, memes, simulator, Listeners.of(line, interruption), cancel);
            } finally {
                evaluated.complete(null);
            }
            // The run's own files first: from then on nothing that fails (the record, the history, a report) loses
            // them.
            Optional<RunFilesException> unsaved = Optional.empty();
            try {
                publisher.writeRunFiles(evaluation);
                publisher.writeReports(evaluation);
            } catch (RunFilesException notWritten) {
                unsaved = Optional.of(notWritten);
            }
            publisher.printResults(evaluation);
            out.printf("finished in %.1f s%n", (System.nanoTime() - start) / 1e9);
            publisher.record(evaluation);
            if (unsaved.isPresent()) {
                // The figures are above, and in the cache's record when it took it; the folder holds none of them.
                String reason = unsaved.get().getMessage();
                lost(publisher, "the run's files could not be written: " + reason, err);
                out.println("adammeme: RUN NOT SAVED, figures only above: " + reason);
                return 1;
            }
            return exitStatus(config, evaluation, publisher.decision(evaluation), out);
        } catch (DatasetException e) {
            Console.warn(err, e.getMessage());
            return 2;
        } catch (RuntimeException | Error e) {
            if (Thread.interrupted() || Interruption.isInterruption(e)) {
                // Not a fault to trace: the line (on stderr, and in summary.json) says how far it got and how to
                // resume.
                interruption.interrupted("the thread was interrupted");
                Thread.currentThread().interrupt();
                return INTERRUPTED;
            }
            if (e instanceof EndpointUnusableException unusable) {
                // A setting to fix, named in the message: no trace. The preflight's is a bad setting, found before any
                // call was paid for; the breaker's stopped a run under way.
                lost(publisher, String.valueOf(e.getMessage()), err);
                out.println("adammeme: RUN STOPPED, no figures: " + e.getMessage());
                return unusable.when() == EndpointUnusableException.When.PREFLIGHT ? 2 : 1;
            }
            // Said last, where a reader of the console looks, and in summary.json, where CI reads.
            String reason = Printable.escaped(Secrets.redact(e.getClass().getSimpleName() + ": " + e.getMessage()));
            err.print(Secrets.redactedStackTrace(e));
            if (publisher.figuresWritten()) {
                // Whatever failed after them, the figures stand where they were written: the summary is not written
                // over.
                out.println("adammeme: RUN INCOMPLETE, figures kept in "
                        + publisher.layout().summaryJson() + ": " + reason);
                return 1;
            }
            lost(publisher, reason, err);
            out.println("adammeme: RUN LOST, no figures: " + reason);
            return 1;
        } finally {
            interruption.close();
        }
    }

    /**
     * The release decision a test run's gate tests give, as an exit status: 1 when a check blocks, and when the
     * run scored nothing at all (every meme errored, or every answer was left out of FR), since no release
     * could be judged on it. A mining-only run scores nothing by design and passes.
     */
    private static int exitStatus(
            EvaluationConfig config, Evaluation evaluation, ReleaseDecision decision, PrintStream out) {
        if (config.method().stages() == Stages.MINING) {
            return 0;
        }
        Metrics m = evaluation.metrics();
        if (m.withRefinementsOverall().fr().n() == 0) {
            out.println("FAILED  nothing was scored: FR n = 0 of "
                    + m.withRefinementsOverall().samples() + " samples ("
                    + evaluation.memes().size() + " memes); see samples.jsonl for each sample's reason");
            return 1;
        }
        return decision.verdict() == ReleaseDecision.Verdict.FAILED ? 1 : 0;
    }

    /** summary.json says the run has no figures, so no reader takes an older run's for this one's. */
    private static void lost(RunPublisher publisher, String reason, PrintStream err) {
        try {
            publisher.writeLost(reason);
        } catch (IOException | RuntimeException notWritten) {
            Console.warn(
                    err,
                    "and its loss could not be recorded in "
                            + publisher.layout().summaryJson() + ": " + BestEffort.cause(notWritten));
        }
    }
}
