package io.github.adammeme.engine;

import io.github.adammeme.pipeline.Evaluation;
import io.github.adammeme.report.Charts;
import io.github.adammeme.report.EvaluationWriter;
import io.github.adammeme.report.Leaderboard;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Writes the leaderboard of a suite that evaluated several targets, beside their own folders. */
final class Leaderboards {

    private Leaderboards() {
    }

    static void write(List<SuiteExecution> targets) {
        List<Evaluation> runs = targets.stream().map(SuiteExecution::evaluation).flatMap(Optional::stream).toList();
        if (runs.size() < 2) {
            return; // a target whose pipeline failed has already failed its suite; one alone is no comparison
        }
        SuiteExecution first = targets.get(0);
        Path dir = SuiteExecution.commonOutputOf(first.suite(), first.severalSuites());
        try {
            Files.createDirectories(dir);
            EvaluationWriter.writeText(dir.resolve("leaderboard.md"), Leaderboard.markdown(runs));
            EvaluationWriter.writeText(dir.resolve("leaderboard.html"), Leaderboard.html(runs));
            Charts.writeWithPage(runs, dir, "AdamMeme: " + runs.size() + " targets");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the leaderboard to " + dir, e);
        }
        System.out.println("leaderboard of " + runs.size() + " targets: " + dir.toAbsolutePath().resolve("leaderboard.md"));
    }
}
