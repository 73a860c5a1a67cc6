package io.github.adammeme.engine;

import io.github.adammeme.pipeline.Evaluation;
import io.github.adammeme.report.RunPublisher;
import java.util.List;
import java.util.Optional;

/** Publishes the leaderboard of a suite that evaluated several targets, beside their own folders. */
final class Leaderboards {

    private Leaderboards() {
    }

    static void write(List<SuiteExecution> targets) {
        List<Evaluation> runs = targets.stream().map(SuiteExecution::evaluation).flatMap(Optional::stream).toList();
        if (runs.size() < 2) {
            return; // a target whose pipeline failed has already failed its suite; one alone is no comparison
        }
        SuiteExecution first = targets.get(0);
        RunPublisher.leaderboard(runs, SuiteExecution.commonOutputOf(first.suite(), first.severalSuites()), System.out);
    }
}
