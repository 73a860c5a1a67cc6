package io.github.adammeme.engine;

import io.github.adammeme.internal.llm.EndpointUnusableException;
import io.github.adammeme.internal.llm.resilience.RunStop;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.progress.Interruption;
import io.github.adammeme.internal.pipeline.progress.Planner;
import io.github.adammeme.internal.pipeline.progress.ProgressLine;
import io.github.adammeme.internal.pipeline.run.Listeners;
import io.github.adammeme.internal.report.run.RunFolderLock;
import io.github.adammeme.internal.text.Console;
import io.github.adammeme.internal.text.ReportText;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.jspecify.annotations.Nullable;

/**
 * Runs one suite: the pipeline works in the background while the {@link ResultTree} adds the tree as results
 * arrive; each test waits for its own sample, so a test's attachments, result and duration are its own. This
 * class starts and stops the pipeline and tells how the run ended ({@link RunEnding}); the platform reports
 * every node.
 */
final class SuiteExecution {

    private final SuiteRun run;
    private final Children children;
    private final SuiteOutputs outputs;

    /** @param children the suite's own */
    SuiteExecution(SuiteRun run, Children children) {
        this.run = run;
        this.children = children;
        this.outputs = run.outputs();
    }

    /** @throws RunEnding.RunLostException when the run ended short, after a test of its own has said so */
    @SuppressWarnings("try") // the folder lock is a guard: holding it is its use
    void run(EngineRun engine) {
        RunEnding ending;
        // Held from before anything is written into the folder until the run has published: two runs never interleave
        // there.
        try (RunFolderLock folder = RunFolderLock.take(run.config().outputs().directory(), run.suiteName())) {
            if (run.settings().dryRun()) {
                new DryRun(run, children).run();
                engine.finished(run.suite(), outputs, null);
                return;
            }
            ending = evaluate();
        } catch (RunFolderLock.FolderInUseException | UncheckedIOException notTaken) {
            ending = new RunEnding(RunEnding.Kind.NOT_STARTED, notTaken.getMessage(), null);
        }
        if (ending != null) {
            ending.report(run, children);
        }
        engine.finished(run.suite(), outputs, ending == null ? null : ending.closingLine(run.suite()));
        if (ending != null) {
            throw ending.failure();
        }
        List<String> unmatched = run.unmatchedSelections();
        if (!unmatched.isEmpty()) {
            // Only the run knows its memes and categories; a selector that named none of them must not pass as 0 tests.
            throw new SelectionMatchedNothingException("no test of this run has the unique id "
                    + String.join(", nor ", unmatched) + "; take the id from the last run's report");
        }
    }

    /** A unique-id selector named a test the run did not have. */
    static final class SelectionMatchedNothingException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SelectionMatchedNothingException(String message) {
            super(ReportText.plain(message));
        }
    }

    /** The pipeline in the background, the tree on this thread: how the run ended short, or null when it did not. */
    private @Nullable RunEnding evaluate() {
        ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(
                    r, "adammeme-pipeline-" + run.suite().suiteClass().getSimpleName());
            t.setDaemon(true);
            return t;
        });
        RunStop cancel = new RunStop();
        Interruption interruption =
                new Interruption(cancel, run.config().outputs().cache(), Console.err(), outputs::recordInterruption);
        CompletableFuture<?> pipeline = null;
        RunEnding ending = null;
        try (ProgressLine progress = run.settings().progress()
                ? new ProgressLine(System.err, ProgressLine.onTerminal())
                        .planned(Planner.forProgress(
                                run.config(), run.settings().memes().asDiscovered()))
                : null) {
            outputs.writeEnvironment();
            pipeline = CompletableFuture.supplyAsync(
                            () -> AdamMeme.evaluate(
                                    run.config(),
                                    run.settings().memes().forRun(run.config()),
                                    run.settings().simulator(),
                                    Listeners.of(run.board(), progress, interruption),
                                    cancel),
                            runner)
                    .whenComplete((evaluation, failure) -> run.board().pipelineEnded(unwrap(failure)));
            // Ctrl-C or SIGTERM ends the JVM under the run: its hook says how far the run got and where its answers
            // are.
            interruption.onShutdown(pipeline);
            new ResultTree(run, children).report();
            ending = outputs.unsaved()
                    .map(e -> new RunEnding(RunEnding.Kind.UNSAVED, e.getMessage(), null))
                    .orElse(null);
        } catch (RuntimeException | Error e) {
            // Out of memory and its kind are the platform's to abort on, not a lost run to report and go past.
            if (e instanceof VirtualMachineError fatal) {
                throw fatal;
            }
            ending = ended(e, interruption);
        } finally {
            interruption.close();
            if (pipeline != null && !pipeline.isDone()) {
                // Nobody will read what the pipeline does from here: it makes no further call (those under way
                // finish and are stored in the cache, as they are paid), instead of calling until the JVM exits.
                cancel.stop(new EndpointUnusableException(
                        "the test run of " + run.suiteName() + " ended before its" + " pipeline"
                                + (ending == null ? "" : ": " + ending.reason()) + "; no further call is made",
                        EndpointUnusableException.When.DURING_RUN));
            }
            runner.shutdownNow();
        }
        return ending;
    }

    /** What a failure means for the run: interrupted, stopped by an unusable endpoint, lost, or past its figures. */
    private RunEnding ended(Throwable e, Interruption interruption) {
        Throwable cause = e instanceof SampleBoard.PipelineFailedException && e.getCause() != null ? e.getCause() : e;
        // Taken here, not set again: the interruption is reported as such, which is what the interrupt asked for
        // (the platform would clear the flag after the suite anyway, with a warning).
        if (Thread.interrupted() || Interruption.isInterruption(cause)) {
            // Not a fault to trace: the line says how far the run got and how to resume it.
            return new RunEnding(
                    RunEnding.Kind.INTERRUPTED, interruption.interrupted("the test thread was interrupted"), null);
        }
        String reason = ReportText.plain(cause.getClass().getSimpleName() + ": " + cause.getMessage());
        if (outputs.figuresSaved()) {
            return new RunEnding(RunEnding.Kind.AFTER_FIGURES, reason, cause);
        }
        // An endpoint found unusable is a named setting to fix, not a fault of the tool: its message says it all.
        if (cause instanceof EndpointUnusableException) {
            return new RunEnding(RunEnding.Kind.STOPPED, ReportText.plain(cause.getMessage()), null);
        }
        return new RunEnding(RunEnding.Kind.LOST, reason, cause);
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }
}
