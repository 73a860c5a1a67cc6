package io.github.adammeme.cli;

import static org.apiguardian.api.API.Status.STABLE;

import io.github.adammeme.cli.internal.CacheCommand;
import io.github.adammeme.cli.internal.GateCommand;
import io.github.adammeme.cli.internal.HistoryCommand;
import io.github.adammeme.internal.config.ConfigurationReader;
import io.github.adammeme.internal.data.DatasetException;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.settings.KnownKeys;
import io.github.adammeme.internal.text.Console;
import io.github.adammeme.internal.text.PrintableStream;
import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The command line: {@code java -jar adammeme-cli-<version>-all.jar [command] [settings]}. Without a
 * command it runs one evaluation and writes the files a test run writes; settings are
 * {@code adammeme.*} keys as {@code key=value} arguments, system properties or {@code .properties}
 * files (see {@link Arguments}).
 * <pre>
 * [evaluate] key=value...                     one evaluation: the FR table, then the run's files
 * plan key=value...                          a dry run: the calls and cost an evaluation would have, no call made
 * merge MERGED_DIR SHARD_DIR... [--allure MERGED_RESULTS SHARD_RESULTS...]
 * history key=value...                        the trend of the runs recorded in the cache database
 * refusal-check [corpus.jsonl...] key=value...  the controller's refusal check on labelled answers
 * simulator key=value...                      the built-in simulated mLLM, until standard input closes
 * gate RESULTS_FOLDER adammeme.gate.*=...     a merged run's FR gates
 * import-adammeme FOLDER --target NAME ...    a run of the reference implementation, from its result files
 * leaderboard OUT_DIR RUN_DIR...              runs made apart, side by side
 * cache stats|prune|export|import ...         the call cache database
 * help [command], --help, -h                  the commands, or one command's usage
 * </pre>
 * The process exits with the command's status; the embedded simulator's threads must not keep a
 * finished (or failed) run alive.
 */
@API(status = STABLE, since = "0.1.0")
public final class Main {

    private Main() {}

    /** What asks for help, as the first argument or any of a command's. */
    private static final Set<String> HELP = Set.of("help", "--help", "-h");

    /** Each command's usage, as {@code --help} prints it. */
    private static final Map<String, String> USAGE = usages();

    private static Map<String, String> usages() {
        Map<String, String> u = new LinkedHashMap<>();
        u.put("evaluate", """
                [evaluate] key=value... [file.properties...]
                  One evaluation: the progress line, the FR table, then the run's files in adammeme.output-dir.
                  Settings are adammeme.* keys as key=value, system properties or .properties files.
                  Gates as a test run applies them: adammeme.gate.max-fr[.<category>], adammeme.gate.on|basis|
                  min-samples|max-uncounted|insufficient, and adammeme.baseline's comparison.
                  Exit 0, 1 when a gate or the baseline check fails, nothing was scored or the run was lost,
                  2 for a bad setting or dataset (an endpoint the preflight cannot use included).\
                """);
        u.put("plan", """
                plan key=value... [file.properties...]
                  A dry run: the calls each stage and role of an evaluation with these settings would make (expected and
                  at most), the answers the call cache holds, the tokens and the cost at adammeme.price.<model>; written
                  to plan.md and plan.json in adammeme.output-dir. No model is called. Settings as evaluate's.
                  Exit 0, 2 for a bad setting or dataset. evaluate adammeme.dry-run=true does the same.\
                """);
        u.put(
                "merge",
                "merge MERGED_DIR SHARD_DIR... [--allure MERGED_RESULTS SHARD_RESULTS...]\n"
                        + "  The shards of one run, merged into one run's results.");
        u.put(
                "history",
                "history key=value...\n"
                        + "  The trend of the runs recorded in the cache database (adammeme.history=<target>).");
        u.put(
                "refusal-check",
                "refusal-check [corpus.jsonl...] key=value...\n"
                        + "  The controller's refusal check on labelled answers.");
        u.put("simulator", """
                simulator key=value...
                  The built-in simulated mLLM on an OpenAI-compatible URL, until standard input closes;
                  adammeme.sim.serve.<name>=sim:<persona> serves a persona under a model name of yours.\
                """);
        u.put(
                "gate",
                "gate RESULTS_FOLDER adammeme.gate.max-fr=25% [adammeme.gate.*=...]\n"
                        + "  A finished (or merged) run's FR gates. Exit 0 when all pass, 1 when one fails.");
        u.put(
                "import-adammeme",
                "import-adammeme FOLDER --target NAME ...\n"
                        + "  A run of the reference implementation, from its result files.");
        u.put("leaderboard", "leaderboard OUT_DIR RUN_DIR...\n" + "  Runs made apart, side by side.");
        u.put("cache", "cache stats|prune|export|import ...\n" + "  The call cache database.");
        return u;
    }

    /**
     * Runs a command and exits with its status.
     *
     * @param args the command, if any, then its arguments
     * @throws IOException when the simulator cannot read its input
     */
    public static void main(String[] args) throws IOException {
        // Everything the command line prints, the library's warnings included, goes through one printable stream:
        // nothing from an endpoint, a dataset or a file reaches the terminal as an escape sequence.
        System.setOut(PrintableStream.of(System.out));
        System.setErr(PrintableStream.of(System.err));
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs a command.
     *
     * @param args the command, if any, then its arguments
     * @param out  where results and help go
     * @param err  where problems are named
     * @return the exit status
     * @throws IOException when the simulator cannot read its input
     */
    static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
        if (args.length > 0 && HELP.contains(args[0])) {
            // "help", "--help", "-h", and "help <command>"
            return help(args.length > 1 ? args[1] : null, out, err);
        }
        String command =
                args.length > 0 && !args[0].contains("=") && !args[0].endsWith(".properties") ? args[0] : "evaluate";
        String[] rest = command.equals("evaluate") && (args.length == 0 || !args[0].equals("evaluate"))
                ? args
                : Arrays.copyOfRange(args, 1, args.length);
        if (USAGE.containsKey(command) && Arrays.stream(rest).anyMatch(HELP::contains)) {
            return help(command, out, err);
        }
        // Read once for every command: each sees the same -D settings, checked against the same keys.
        Map<String, String> properties = Arguments.systemProperties(System.getProperties());
        try {
            // Every command, even one that reads none of them: a misspelt -D key is never silently dropped.
            properties.keySet().forEach(key -> KnownKeys.check(List.of(key), "a system property, -D" + key));
            return switch (command) {
                case "plan" ->
                    PlanCommand.run(
                            ConfigurationReader.read(Arguments.settings(List.of(rest), properties))
                                    .evaluation(),
                            out,
                            err);
                case "evaluate" -> EvaluateCommand.run(Arguments.settings(List.of(rest), properties), out, err);
                case "merge" -> MergeCommand.run(rest, out, err);
                case "history" -> HistoryCommand.run(Arguments.settings(List.of(rest), properties), out, err);
                case "refusal-check" -> RefusalCheckCommand.run(rest);
                case "simulator" ->
                    SimulatorCommand.run(Arguments.settings(List.of(rest), properties), System.in, out, err);
                case "gate" -> GateCommand.run(rest, properties, out, err);
                case "import-adammeme" -> ImportCommand.run(rest, properties, out, err);
                case "leaderboard" -> LeaderboardCommand.run(rest, out, err);
                case "cache" -> cache(rest, properties, out, err);
                default -> usage("unknown command '" + command + "'", err);
            };
        } catch (Arguments.BadArgumentException | ConfigurationException | DatasetException e) {
            // One line that names the problem, as a test run's discovery names it.
            Console.warn(err, e.getMessage());
            return 2;
        }
    }

    /** The program's usage, or one command's; an unknown command is named. */
    private static int help(@Nullable String command, PrintStream out, PrintStream err) {
        if (command == null) {
            out.println("usage: java -jar adammeme-cli-<version>-all.jar [command] [arguments]");
            out.println("commands (help <command> or <command> --help for one):");
            USAGE.values().forEach(u -> out.println("  " + u.lines().findFirst().orElseThrow()));
            return 0;
        }
        String usage = USAGE.get(command);
        if (usage == null) {
            return usage("unknown command '" + command + "'", err);
        }
        out.println("usage: " + usage);
        return 0;
    }

    /** The cache's commands: 2 for a bad argument, 1 when the database fails. */
    private static int cache(String[] args, Map<String, String> properties, PrintStream out, PrintStream err) {
        try {
            out.print(CacheCommand.run(args, properties));
            return 0;
        } catch (IllegalArgumentException e) {
            Console.warn(err, e.getMessage());
            return 2;
        } catch (SQLException | IllegalStateException e) {
            Console.warn(err, e.getMessage());
            return 1;
        }
    }

    private static int usage(String problem, PrintStream err) {
        Console.warn(err, problem);
        err.println(
                "usage: [evaluate] key=value... | plan | merge | history | refusal-check | simulator | gate | import-adammeme"
                        + " | leaderboard | cache (--help for each; see docs/command-line.md)");
        return 2;
    }
}
