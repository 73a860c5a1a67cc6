package io.github.adammeme.cli;

import io.github.adammeme.cli.internal.RunFolder;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.report.RunPublisher;
import io.github.adammeme.internal.text.Console;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code leaderboard OUT_DIR RUN_DIR...}: runs made apart (other jobs, other releases, a run imported
 * from the reference implementation) side by side, as a suite of several targets sets its own:
 * leaderboard.md, leaderboard.html and the charts, in OUT_DIR. Exit status 0, or 2 when fewer than
 * one run is given or a folder is not a finished run's.
 */
final class LeaderboardCommand {

    static final String USAGE = "leaderboard OUT_DIR RUN_DIR...";

    private LeaderboardCommand() {}

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length < 2) {
            Console.warn(err, USAGE);
            return 2;
        }
        try {
            OutputFolders.check(
                    "OUT_DIR",
                    Path.of(args[0]),
                    Arrays.stream(args, 1, args.length).map(Path::of).toList());
            List<Evaluation> runs = new ArrayList<>();
            for (int i = 1; i < args.length; i++) {
                runs.add(RunFolder.read(Path.of(args[i])));
            }
            RunPublisher.leaderboard(runs, Path.of(args[0]), out);
            return 0;
        } catch (IllegalArgumentException | UncheckedIOException e) {
            Console.warn(err, e.getMessage());
            return 2;
        }
    }
}
