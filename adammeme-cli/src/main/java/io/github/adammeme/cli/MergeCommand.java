package io.github.adammeme.cli;

import io.github.adammeme.cli.internal.AllureMerge;
import io.github.adammeme.cli.internal.ShardMerge;
import io.github.adammeme.internal.report.allure.AllureExecutor;
import io.github.adammeme.internal.summary.FrTable;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.run.OutputLayout;
import io.github.adammeme.internal.text.Console;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code merge MERGED_DIR SHARD_DIR... [--allure MERGED_RESULTS SHARD_RESULTS...]}: joins a sharded
 * run's outputs, and optionally its Allure result folders, into one. Exit status 0, or 2 on bad
 * arguments or shards.
 */
final class MergeCommand {

    private MergeCommand() {}

    static int run(String[] args, PrintStream out, PrintStream err) {
        int allure = Arrays.asList(args).indexOf("--allure");
        List<String> outputs = Arrays.asList(args).subList(0, allure < 0 ? args.length : allure);
        // Checked before anything is merged: "--allure" with no folders after it merged the run, then failed naming
        // nothing.
        if (outputs.size() < 2 || (allure >= 0 && args.length - allure - 1 < 2)) {
            Console.warn(err, "merge MERGED_DIR SHARD_DIR... [--allure MERGED_RESULTS SHARD_RESULTS...]");
            return 2;
        }
        try {
            List<Path> shards =
                    outputs.subList(1, outputs.size()).stream().map(Path::of).toList();
            OutputFolders.check("MERGED_DIR", Path.of(outputs.get(0)), shards);
            if (allure >= 0) {
                List<Path> shardResults = Arrays.asList(args).subList(allure + 2, args.length).stream()
                        .map(Path::of)
                        .toList();
                List<Path> inputs = new ArrayList<>(shardResults);
                inputs.addAll(shards);
                inputs.add(Path.of(outputs.get(0)));
                OutputFolders.check("MERGED_RESULTS", Path.of(args[allure + 1]), inputs);
            }
            OutputLayout merged = OutputLayout.of(Path.of(outputs.get(0)));
            Metrics m = ShardMerge.merge(shards, merged.folder());
            out.print(FrTable.table(m));
            out.println("merged " + (outputs.size() - 1) + " shards: "
                    + merged.summaryJson().toAbsolutePath());
            if (allure >= 0) {
                List<String> results = Arrays.asList(args).subList(allure + 1, args.length);
                String headline = AllureExecutor.fr(m) + " · merged from " + shards.size() + " shards";
                int copied = AllureMerge.merge(
                        results.subList(1, results.size()).stream()
                                .map(Path::of)
                                .toList(),
                        Path.of(results.get(0)),
                        new AllureMerge.WholeRun(headline, m, shards.size()));
                out.println("Allure results: " + copied + " files in " + results.get(0));
            }
            return 0;
        } catch (IllegalArgumentException | UncheckedIOException e) {
            Console.warn(err, e.getMessage());
            return 2;
        }
    }
}
