package io.github.adammeme.engine;

import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.summary.release.FrGates;
import io.github.adammeme.internal.text.ReportText;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.reporting.ReportEntry;

/**
 * One suite's run, as its nodes see it: its settings and configuration, the board the pipeline posts
 * to, its outputs, and whether it was lost.
 */
final class SuiteRun {

    private final SuiteNode suite;
    private final EngineExecutionListener listener;
    private final SuiteSettings settings;
    private final EvaluationConfig config;
    private final SampleBoard board = new SampleBoard();
    private final SuiteOutputs outputs;
    private volatile @Nullable Throwable lost;
    /** Every node id the run had, when unique-id selectors pick some: to say which selector matched none. */
    private final Set<UniqueId> offered = ConcurrentHashMap.newKeySet();

    SuiteRun(SuiteNode suite, EngineExecutionListener listener, boolean severalSuites) {
        this.suite = suite;
        this.listener = listener;
        this.settings = suite.settings();
        this.config = settings.config().withOutputDir(SuiteOutputs.outputOf(suite, severalSuites));
        this.outputs = new SuiteOutputs(suite, severalSuites, config, board);
    }

    SuiteNode suite() {
        return suite;
    }

    SuiteSettings settings() {
        return settings;
    }

    /** The suite's configuration, writing into its own folder. */
    EvaluationConfig config() {
        return config;
    }

    SampleBoard board() {
        return board;
    }

    SuiteOutputs outputs() {
        return outputs;
    }

    /** The suite as Allure's reports name it: its class, and its target when it lists several. */
    String suiteName() {
        return suite.suiteClass().getSimpleName()
                + (suite.oneOfSeveralTargets()
                        ? " · " + config.models().target().model()
                        : "");
    }

    /** Whether a node belongs in this run: every node, unless unique-id selectors asked for some only. */
    boolean wanted(UniqueId id) {
        if (suite.selected().isEmpty()) {
            return true;
        }
        offered.add(id);
        return suite.selected().stream().anyMatch(s -> s.hasPrefix(id) || id.hasPrefix(s));
    }

    /**
     * The unique ids asked for that no node of the run had, each with the nearest id the run did have:
     * a selector that matches nothing would otherwise run no test and pass.
     */
    List<String> unmatchedSelections() {
        List<String> out = new ArrayList<>();
        for (UniqueId s : suite.selected()) {
            if (offered.stream().noneMatch(id -> id.hasPrefix(s))) {
                out.add(s
                        + NearestId.of(s, offered)
                                .map(n -> " (the nearest this run has: " + n + ")")
                                .orElse(""));
            }
        }
        return out;
    }

    /** A node's body threw: the run goes no further. */
    void lose(Throwable cause) {
        if (lost == null) {
            lost = cause;
        }
    }

    /** Throws what lost the run, when it was lost, so each container up to the suite fails with it. */
    void rethrowIfLost() {
        Throwable cause = lost;
        if (cause instanceof RuntimeException e) {
            throw e;
        }
        if (cause instanceof Error e) {
            throw e;
        }
    }

    /** A passing test carries no message; its figures still belong in the report, as a report entry. */
    TestExecutionResult passedSaying(AdamMemeNode node, String key, String message) {
        listener.reportingEntryPublished(node, ReportEntry.from(key, ReportText.plain(message)));
        return TestExecutionResult.successful();
    }

    /** A figure that rests on too little evidence fails, unless the suite chose to skip such tests. */
    TestExecutionResult insufficient(String message) {
        return settings.gates().insufficient() == FrGates.Insufficient.SKIP
                ? Verdicts.aborted(message)
                : Verdicts.failed(message);
    }
}
