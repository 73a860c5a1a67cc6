package io.github.adammeme.engine;

import io.github.adammeme.internal.text.Console;
import io.github.adammeme.internal.text.Printable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What outlives a suite's run: the targets of a suite class, for their leaderboard, and the runs that
 * were lost, for the console's closing lines. Suites run one after another, each adding to it once.
 */
final class EngineRun {

    private final boolean severalSuites;
    private final Map<Class<?>, List<SuiteOutputs>> severalTargets = new LinkedHashMap<>();
    private final List<String> lost = new ArrayList<>();

    /** @param severalSuites whether more than one suite class runs: each then writes into a folder of its own */
    EngineRun(boolean severalSuites) {
        this.severalSuites = severalSuites;
    }

    boolean severalSuites() {
        return severalSuites;
    }

    /** @param ending how the run ended short ("RUN LOST, no figures: Suite · target m: why"), or null when it did not */
    synchronized void finished(SuiteNode suite, SuiteOutputs outputs, @Nullable String ending) {
        if (ending != null) {
            lost.add(ending);
        }
        if (suite.oneOfSeveralTargets()) {
            severalTargets
                    .computeIfAbsent(suite.suiteClass(), c -> new ArrayList<>())
                    .add(outputs);
        }
    }

    /** Once every suite has run: the leaderboards, then the lost runs, last, where a reader of the console looks. */
    synchronized void close() {
        severalTargets.values().forEach(SuiteOutputs::leaderboard);
        // A lost run must not hide above its own noise.
        lost.forEach(line -> Console.out().println("adammeme: " + Printable.escaped(line)));
    }
}
