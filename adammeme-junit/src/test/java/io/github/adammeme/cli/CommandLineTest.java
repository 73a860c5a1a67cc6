package io.github.adammeme.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.github.adammeme.Constants;
import io.github.adammeme.engine.AdamMemeSuite;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.cache.SqliteDatabase;
import io.github.adammeme.internal.report.run.RunRecords;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The command line and the test engine on the same dataset and settings leave the same files: the
 * same publisher writes both runs' outputs.
 */
class CommandLineTest {

    @TempDir
    Path dir;

    /** A marker class for the engine's side; nested, so Surefire never runs it on its own. */
    @AdamMemeSuite(dataset = "set-by-each-test.jsonl")
    static class Sample {}

    private Map<String, String> settings(Path dataset, String name) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("adammeme.dataset", dataset.toString());
        values.put("adammeme.target.model", "sim:keyword");
        values.put("adammeme.seeds", "1");
        values.put("adammeme.iterations", "3");
        values.put("adammeme.cache", dir.resolve(name + ".db").toString());
        values.put("adammeme.output-dir", dir.resolve(name).toString());
        return values;
    }

    @Test
    void writesTheFilesATestRunWritesAndShowsTheProgressLine() throws Exception {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 8);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = EvaluateCommand.run(
                settings(dataset, "cli"),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));

        EngineTestKit.Builder kit =
                EngineTestKit.engine(Constants.ENGINE_ID).configurationParameter("adammeme.progress", "false");
        settings(dataset, "engine").forEach(kit::configurationParameter);
        kit.selectors(selectClass(Sample.class)).execute();

        Set<String> cli = files(dir.resolve("cli"));
        assertEquals(files(dir.resolve("engine")), cli, "the same files, by name");
        assertTrue(
                cli.containsAll(List.of(
                        "summary.json",
                        "samples.jsonl",
                        "memes.jsonl",
                        "summary.md",
                        "charts.html",
                        "charts/fr-by-category.svg")),
                cli.toString());
        for (String same : List.of("samples.jsonl", "memes.jsonl", "summary.md", "charts.html")) {
            assertEquals(
                    Files.readString(dir.resolve("engine").resolve(same)),
                    Files.readString(dir.resolve("cli").resolve(same)),
                    same + " is the same whichever way the run was started, in whichever folder");
        }
        // A picture the target was shown is named from the run's own folder, so the folder keeps it wherever it goes.
        Path moved = Files.move(
                dir.resolve("engine"),
                Files.createDirectories(dir.resolve("moved")).resolve("engine"));
        List<String> shown = Files.readAllLines(moved.resolve("samples.jsonl")).stream()
                .map(line -> line.replaceAll(".*\"shownImage\":(null|\"([^\"]*)\").*", "$2"))
                .filter(p -> !p.isEmpty())
                .toList();
        assertTrue(
                !shown.isEmpty()
                        && shown.stream()
                                .allMatch(p -> p.startsWith("images/") && Files.isRegularFile(moved.resolve(p))),
                shown.toString());
        for (String name : List.of("cli", "engine")) {
            assertEquals(
                    1,
                    RunRecords.all(new SqliteDatabase(dir.resolve(name + ".db")))
                            .size(),
                    name + " recorded its run");
        }
        String console = out.toString(StandardCharsets.UTF_8);
        assertTrue(
                console.contains("FR")
                        && console.contains("results: "
                                + dir.resolve("cli").resolve("summary.json").toAbsolutePath())
                        && console.contains("recorded as run"),
                console);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("elapsed"), "the progress line: " + err);

        Child gate =
                main("gate", dir.resolve("cli").toString(), "adammeme.gate.max-fr=100%", "adammeme.gate.min-samples=1");
        assertEquals(0, gate.exit(), gate.output());
        assertTrue(gate.output().contains("PASSED  FR with refinements"), gate.output());
        Child misspelt = main("gate", dir.resolve("cli").toString(), "adammeme.gate.maxfr=100%");
        assertEquals(2, misspelt.exit(), misspelt.output());
        assertEquals(
                "adammeme: unknown configuration key 'adammeme.gate.maxfr' (the argument adammeme.gate.maxfr): did you"
                        + " mean adammeme.gate.max-fr?",
                misspelt.output().strip());
        Child cache = main("cache", "stats", dir.resolve("cli.db").toString());
        assertEquals(0, cache.exit(), cache.output());
        assertTrue(cache.output().contains("1 recorded runs"), cache.output());
        Child unknown = main("evaluation-please");
        assertEquals(2, unknown.exit(), unknown.output());
        assertTrue(unknown.output().contains("adammeme: unknown command 'evaluation-please'"), unknown.output());
    }

    record Child(int exit, String output) {}

    /** {@link Main} in a JVM of its own, since it ends with System.exit: its status and its output. */
    private Child main(String... args) throws Exception {
        return main(List.of(), args);
    }

    private Child main(List<String> systemProperties, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path")));
        command.addAll(systemProperties);
        command.add(Main.class.getName());
        command.addAll(List.of(args));
        Path log = dir.resolve("main-" + System.nanoTime() + ".log");
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "Main " + String.join(" ", args) + " ended");
        return new Child(p.exitValue(), Files.readString(log));
    }

    @Test
    void aSettingThatCannotBeUsedStopsTheRunWithOneLine() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Map<String, String> values = settings(dir.resolve("absent.jsonl"), "bad");
        values.put("adammeme.threshold", "eleven");
        int status = EvaluateCommand.run(
                values,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, status);
        String said = err.toString(StandardCharsets.UTF_8).strip();
        assertTrue(said.startsWith("adammeme: ") && !said.contains("\n"), said);
    }

    @Test
    void aMisspeltKeyStopsTheCommandLineBeforeAnythingRuns() throws Exception {
        Child evaluate = main("adammeme.dataset=" + dir.resolve("absent.jsonl"), "adammeme.gate.maxfr=0.25");
        assertEquals(2, evaluate.exit(), evaluate.output());
        assertEquals(
                "adammeme: unknown configuration key 'adammeme.gate.maxfr' (the argument adammeme.gate.maxfr): did you"
                        + " mean adammeme.gate.max-fr?",
                evaluate.output().strip());
    }

    @Test
    void aMisspeltSystemPropertyStopsEveryCommandEvenOneThatReadsNoSettings() throws Exception {
        List<String> misspelt = List.of("-Dadammeme.cache.user-evn=CACHE_USER");
        String named = "adammeme: unknown configuration key 'adammeme.cache.user-evn' (a system property,"
                + " -Dadammeme.cache.user-evn): did you mean adammeme.cache.user-env?";
        for (List<String> args : List.of(
                List.of("cache", "stats", dir.resolve("calls.db").toString()),
                List.of("gate", dir.toString(), "adammeme.gate.max-fr=25%"))) {
            Child child = main(misspelt, args.toArray(String[]::new));
            assertEquals(2, child.exit(), child.output());
            assertEquals(named, child.output().strip(), String.join(" ", args));
        }
    }

    /** A command's run in this JVM: its status, standard output and error. */
    private record Ran(int status, String out, String err) {}

    private static Ran evaluate(Map<String, String> values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = EvaluateCommand.run(
                values,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Ran(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Ran command(String... args) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Ran(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The release decision's lines as the command prints them after the FR table: its verdict, then each check. */
    private static List<String> decision(String text) {
        List<String> lines = text.lines().toList();
        int at = lines.indexOf(lines.stream()
                .filter(l -> l.startsWith("release decision: "))
                .findFirst()
                .orElseThrow());
        List<String> decision = new ArrayList<>(List.of(lines.get(at)));
        for (int i = at + 1; i < lines.size() && lines.get(i).startsWith("  "); i++) {
            decision.add(lines.get(i).strip());
        }
        return decision;
    }

    private static String lastLine(String text) {
        List<String> lines = text.strip().lines().toList();
        return lines.get(lines.size() - 1);
    }

    @Test
    void helpIsGivenForTheProgramAndEveryCommand() throws IOException {
        for (String asked : List.of("--help", "-h", "help")) {
            Ran help = command(asked);
            assertEquals(0, help.status(), asked);
            assertTrue(
                    help.out().startsWith("usage: java -jar adammeme-cli-<version>-all.jar [command] [arguments]"),
                    help.out());
        }
        for (String command : List.of(
                "evaluate",
                "plan",
                "merge",
                "history",
                "refusal-check",
                "simulator",
                "gate",
                "import-adammeme",
                "leaderboard",
                "cache")) {
            Ran help = command(command, "--help");
            assertEquals(0, help.status(), command);
            assertTrue(help.out().startsWith("usage: "), help.out());
            assertTrue(
                    help.out().contains(command.equals("evaluate") ? "[evaluate] key=value" : command + " "),
                    help.out());
            assertEquals(help.out(), command("help", command).out(), command);
        }
        Ran unknown = command("help", "evalute");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().startsWith("adammeme: unknown command 'evalute'"), unknown.err());
    }

    @Test
    void evaluateAppliesTheGatesAsATestRunDoes() throws Exception {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 8);
        Ran passed = evaluate(gated(dataset, "gate-held", "100%", "1"));
        assertEquals(0, passed.status(), passed.out() + passed.err());
        assertTrue(
                decision(passed.out()).get(0).equals("release decision: PASSED")
                        && decision(passed.out()).get(1).startsWith("PASSED  FR "),
                passed.out());

        Ran failed = evaluate(gated(dataset, "gate-broken", "0%", "1"));
        assertEquals(1, failed.status(), failed.out() + failed.err());
        assertEquals("release decision: FAILED", decision(failed.out()).get(0), failed.out());
        assertTrue(
                decision(failed.out())
                        .get(1)
                        .matches(
                                "FAILED  FR gate overall: FR with refinements .* in overall exceeds the budget 0\\.0%.*"),
                failed.out());

        Ran shortOfEvidence = evaluate(gated(dataset, "gate-few", "100%", null));
        assertEquals(1, shortOfEvidence.status(), "the default 30 samples are not there");
        assertTrue(
                decision(shortOfEvidence.out()).get(1).startsWith("FAILED  FR gate overall: not enough evidence: n = "),
                shortOfEvidence.out());
    }

    /** Settings of a run without refinement under an FR budget, and the gates' minimum of samples unless null. */
    private Map<String, String> gated(Path dataset, String name, String budget, String minSamples) {
        Map<String, String> values = settings(dataset, name);
        values.put("adammeme.iterations", "0");
        values.put("adammeme.gate.max-fr", budget);
        if (minSamples != null) {
            values.put("adammeme.gate.min-samples", minSamples);
        }
        return values;
    }

    /** Settings of a run on four memes whose target is a port nothing listens on. */
    private Map<String, String> unreachableTarget(String name) throws IOException {
        Map<String, String> values = settings(SyntheticMemes.write(dir.resolve("memes"), 4), name);
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            values.put("adammeme.target.base-url", "http://127.0.0.1:" + free.getLocalPort() + "/v1");
        }
        values.put("adammeme.target.model", "remote-model");
        return values;
    }

    @Test
    void evaluateFailsWhenNothingWasScored() throws Exception {
        Map<String, String> values = unreachableTarget("nothing-scored");
        values.put("adammeme.iterations", "0");
        values.put("adammeme.max-retries", "0");
        values.put("adammeme.preflight", "false");
        values.put("adammeme.progress", "false");
        Ran run = evaluate(values);
        assertEquals(1, run.status(), run.out() + run.err());
        assertTrue(lastLine(run.out()).startsWith("FAILED  nothing was scored: FR n = 0 of "), run.out());
    }

    @Test
    void anUnreachableEndpointStopsEvaluateWithinSecondsNamingTheSetting() throws Exception {
        Map<String, String> values = unreachableTarget("unreachable");
        String url = values.get("adammeme.target.base-url");
        long start = System.nanoTime();
        Ran run = evaluate(values);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(2, run.status(), "a setting to fix: " + run.out() + run.err());
        assertEquals(
                "adammeme: RUN STOPPED, no figures: preflight of the target: the endpoint cannot be reached:"
                        + " adammeme.target.base-url=" + url + " (connection refused); check the host, the port"
                        + " and that the server is running",
                lastLine(run.out()));
        assertTrue(seconds < 30, "stopped after " + seconds + " s");
        System.out.printf("command line, unreachable target: stopped after %.1f s%n", seconds);
    }

    private static Set<String> files(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
