package io.github.adammeme.pipeline;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.data.DatasetException;
import io.github.adammeme.llm.Secrets;
import io.github.adammeme.report.EvaluationWriter;
import io.github.adammeme.report.FrTable;
import io.github.adammeme.report.HistoryCommand;
import io.github.adammeme.report.ShardMerge;
import io.github.adammeme.sim.BuiltInSimulator;
import io.github.adammeme.sim.SimKeys;
import io.github.adammeme.sim.SimulatedModelServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs one evaluation from the command line: {@code adammeme.*} keys as system properties or as
 * {@code key=value} arguments. Prints the FR table and writes the results to the output directory.
 *
 * <p>{@code simulator [adammeme.sim.*=...]} instead serves the built-in simulated mLLM on its own,
 * printing its base URL and serving until standard input closes: for benchmarks that must not
 * share a process with the harness, and for trying a client against a well-behaved endpoint.
 */
public final class Main {

    private Main() {
    }

    /**
     * Runs one evaluation, or with {@code merge}, {@code refusal-check} or {@code simulator} first, that
     * command.
     *
     * @param args {@code key=value} settings, after the command if there is one
     * @throws java.io.IOException when results cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length > 0 && args[0].equals("merge")) {
            merge(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if (args.length > 0 && args[0].equals("history")) {
            System.exit(HistoryCommand.run(settings(Arrays.copyOfRange(args, 1, args.length)), System.out, System.err));
        }
        if (args.length > 0 && args[0].equals("refusal-check")) {
            System.exit(RefusalCheckCommand.run(Arrays.copyOfRange(args, 1, args.length)));
        }
        boolean simulator = args.length > 0 && args[0].equals("simulator");
        if (simulator) {
            args = Arrays.copyOfRange(args, 1, args.length);
        }
        Map<String, String> values = settings(args);
        EvaluationConfig config;
        try {
            if (simulator) {
                serveSimulator(values);
                return;
            }
            config = EvaluationConfig.from(values);
            // Found at the end, an output folder that cannot be written lost the whole run.
            Optional<String> unwritable = config.outputs().directoryProblem();
            if (unwritable.isPresent()) {
                throw new ConfigurationException(ConfigKeys.OUTPUT_DIR, config.outputs().directory().toString(), unwritable.get());
            }
        } catch (ConfigurationException | DatasetException e) {
            System.err.println("adammeme: " + e.getMessage());
            System.exit(2);
            return;
        }
        int status = 0;
        try {
            long start = System.nanoTime();
            Evaluation evaluation = AdamMeme.evaluate(config, new BuiltInSimulator(SimKeys.read(values)), PipelineListener.NONE);
            EvaluationWriter.write(evaluation, config.outputs().directory());
            System.out.print(Secrets.redact(FrTable.render(evaluation)));
            System.out.printf("results: %s (%.1f s)%n", config.outputs().directory().toAbsolutePath().resolve(EvaluationWriter.SUMMARY),
                    (System.nanoTime() - start) / 1e9);
        } catch (DatasetException e) {
            System.err.println("adammeme: " + e.getMessage());
            status = 2;
        } catch (RuntimeException | Error e) {
            // Said last, where a reader of the console looks, and in summary.json, where CI reads.
            String reason = e.getClass().getSimpleName() + ": " + e.getMessage();
            e.printStackTrace(System.err);
            try {
                EvaluationWriter.writeLost(config.outputs().directory(), config.models().target().model(), config.datasetDescription(),
                        Secrets.redact(reason));
            } catch (IOException | RuntimeException notWritten) {
                System.err.println("adammeme: and its loss could not be recorded: " + notWritten.getMessage());
            }
            System.out.println("adammeme: RUN LOST, no figures: " + Secrets.redact(reason));
            status = 1;
        }
        // The embedded simulator's threads must not keep a finished (or failed) run's process alive.
        System.exit(status);
    }

    /**
     * {@code merge MERGED_DIR SHARD_DIR... [--allure MERGED_RESULTS SHARD_RESULTS...]}: joins a sharded
     * run's outputs, and optionally its Allure result folders, into one.
     */
    private static void merge(String[] args) {
        int allure = Arrays.asList(args).indexOf("--allure");
        List<String> outputs = Arrays.asList(args).subList(0, allure < 0 ? args.length : allure);
        // Checked before anything is merged: "--allure" with no folders after it merged the run, then failed naming nothing.
        if (outputs.size() < 2 || allure >= 0 && args.length - allure - 1 < 2) {
            System.err.println("adammeme: merge MERGED_DIR SHARD_DIR... [--allure MERGED_RESULTS SHARD_RESULTS...]");
            System.exit(2);
        }
        try {
            Path merged = Path.of(outputs.get(0));
            Metrics m = ShardMerge.merge(outputs.subList(1, outputs.size()).stream().map(Path::of).toList(), merged);
            System.out.print(FrTable.table(m));
            System.out.println("merged " + (outputs.size() - 1) + " shards: "
                    + merged.toAbsolutePath().resolve(EvaluationWriter.SUMMARY));
            if (allure >= 0) {
                List<String> results = Arrays.asList(args).subList(allure + 1, args.length);
                String target = new ObjectMapper().readTree(merged.resolve(EvaluationWriter.SUMMARY).toFile())
                        .at("/run/target").asText("?");
                String headline = "AdamMeme · " + target + ": " + FrTable.headline(m) + " (merged from "
                        + (outputs.size() - 1) + " shards)";
                int copied = ShardMerge.mergeAllure(results.subList(1, results.size()).stream().map(Path::of).toList(),
                        Path.of(results.get(0)), headline);
                System.out.println("Allure results: " + copied + " files in " + results.get(0));
            }
        } catch (IllegalArgumentException | UncheckedIOException e) {
            System.err.println("adammeme: " + Secrets.redact(e.getMessage()));
            System.exit(2);
        } catch (IOException e) {
            System.err.println("adammeme: cannot read the merged summary: " + Secrets.redact(e.getMessage()));
            System.exit(2);
        }
    }

    /** {@code adammeme.*} system properties, then {@code key=value} arguments ("adammeme." may be left off). */
    private static Map<String, String> settings(String[] args) {
        Map<String, String> values = new LinkedHashMap<>();
        System.getProperties().forEach((k, v) -> {
            if (k.toString().startsWith(ConfigKeys.PREFIX)) {
                values.put(k.toString(), v.toString());
            }
        });
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                System.err.println("adammeme: arguments are key=value, e.g. adammeme.dataset=memes.jsonl; got '" + arg + "'");
                System.exit(2);
            }
            String key = arg.substring(0, eq);
            values.put(key.startsWith(ConfigKeys.PREFIX) ? key : ConfigKeys.PREFIX + key, arg.substring(eq + 1));
        }
        return values;
    }

    private static void serveSimulator(Map<String, String> values) throws IOException {
        try (SimulatedModelServer server = SimulatedModelServer.start()) {
            server.configure(SimKeys.read(values));
            System.out.println("adammeme simulator: " + server.baseUrl());
            System.out.flush();
            while (System.in.read() >= 0) {
                // serve until the parent closes our input or the process is stopped
            }
            System.out.println("adammeme simulator: " + server.requestsServed() + " requests served");
        }
        System.exit(0);
    }
}
