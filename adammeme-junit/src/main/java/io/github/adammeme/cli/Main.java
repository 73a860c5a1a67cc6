package io.github.adammeme.cli;

import io.github.adammeme.data.DatasetException;
import io.github.adammeme.llm.CacheCommand;
import io.github.adammeme.llm.Secrets;
import io.github.adammeme.pipeline.ConfigurationException;
import io.github.adammeme.report.GateCommand;
import io.github.adammeme.report.HistoryCommand;
import java.io.IOException;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

/**
 * The command line: {@code java -jar adammeme-junit-<version>-cli.jar [command] [settings]}. Without a
 * command it runs one evaluation and writes the files a test run writes; settings are
 * {@code adammeme.*} keys as {@code key=value} arguments, system properties or {@code .properties}
 * files (see {@link Arguments}).
 * <pre>
 * [evaluate] key=value...                     one evaluation: the FR table, then the run's files
 * merge MERGED_DIR SHARD_DIR... [--allure MERGED_RESULTS SHARD_RESULTS...]
 * history key=value...                        the trend of the runs recorded in the cache database
 * refusal-check [corpus.jsonl...] key=value...  the controller's refusal check on labelled answers
 * simulator key=value...                      the built-in simulated mLLM, until standard input closes
 * gate RESULTS_FOLDER adammeme.gate.*=...     a merged run's FR gates
 * import-adammeme FOLDER --target NAME ...    a run of the reference implementation, from its result files
 * leaderboard OUT_DIR RUN_DIR...              runs made apart, side by side
 * cache stats|prune|export|import ...         the call cache database
 * </pre>
 * The process exits with the command's status; the embedded simulator's threads must not keep a
 * finished (or failed) run alive.
 */
public final class Main {

    private Main() {
    }

    /**
     * Runs a command and exits with its status.
     *
     * @param args the command, if any, then its arguments
     * @throws IOException when the simulator cannot read its input
     */
    public static void main(String[] args) throws IOException {
        String command = args.length > 0 && !args[0].contains("=") && !args[0].endsWith(".properties") ? args[0] : "evaluate";
        String[] rest = command.equals("evaluate") && (args.length == 0 || !args[0].equals("evaluate")) ? args
                : Arrays.copyOfRange(args, 1, args.length);
        int status;
        try {
            status = switch (command) {
                case "evaluate" -> EvaluateCommand.run(Arguments.settings(List.of(rest), System.getProperties()),
                        System.out, System.err);
                case "merge" -> MergeCommand.run(rest, System.out, System.err);
                case "history" -> HistoryCommand.run(Arguments.settings(List.of(rest), System.getProperties()),
                        System.out, System.err);
                case "refusal-check" -> RefusalCheckCommand.run(rest);
                case "simulator" -> SimulatorCommand.run(Arguments.settings(List.of(rest), System.getProperties()),
                        System.in, System.out);
                case "gate" -> GateCommand.run(rest, System.out, System.err);
                case "import-adammeme" -> ImportCommand.run(rest, System.out, System.err);
                case "leaderboard" -> LeaderboardCommand.run(rest, System.out, System.err);
                case "cache" -> cache(rest);
                default -> usage("unknown command '" + command + "'");
            };
        } catch (Arguments.BadArgumentException | ConfigurationException | DatasetException e) {
            // One line that names the problem, as a test run's discovery names it.
            System.err.println("adammeme: " + e.getMessage());
            status = 2;
        }
        System.exit(status);
    }

    /** The cache's commands: 2 for a bad argument, 1 when the database fails. */
    private static int cache(String[] args) {
        try {
            System.out.print(CacheCommand.run(args));
            return 0;
        } catch (IllegalArgumentException e) {
            System.err.println("adammeme: " + Secrets.redact(e.getMessage()));
            return 2;
        } catch (SQLException | IllegalStateException e) {
            System.err.println("adammeme: " + Secrets.redact(e.getMessage()));
            return 1;
        }
    }

    private static int usage(String problem) {
        System.err.println("adammeme: " + problem);
        System.err.println("usage: [evaluate] key=value... | merge | history | refusal-check | simulator | gate | import-adammeme"
                + " | leaderboard | cache"
                + " (see docs/command-line.md)");
        return 2;
    }
}
