package io.github.adammeme.engine;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.pipeline.run.LibraryVersion;
import io.github.adammeme.internal.report.HtmlTables;
import io.github.adammeme.internal.report.allure.AllureCategories;
import io.github.adammeme.internal.report.allure.AllureEnvironment;
import io.github.adammeme.internal.report.allure.AllureExecutor;
import io.github.adammeme.internal.report.allure.AllureSample;
import io.github.adammeme.internal.report.allure.ReleaseRows;
import io.github.adammeme.internal.report.allure.RoleEndpoints;
import io.github.adammeme.internal.summary.allure.AllureHistory;
import io.github.adammeme.internal.summary.release.FrChange;
import io.github.adammeme.internal.summary.release.FrGates;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import io.github.adammeme.internal.text.ReportText;
import io.github.adammeme.internal.text.Secrets;
import io.qameta.allure.Allure;
import io.qameta.allure.util.PropertiesUtils;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Feeds Allure. The allure-junit-platform listener opens a test case when the engine reports a test
 * started, on the engine's thread; what is added here before the test finishes lands on that case.
 * When no Allure listener runs (an IDE without it, the engine test kit) this does nothing, and without
 * allure-junit-platform on the classpath it touches no Allure class ({@link AllureSupport}).
 *
 * <p>Every text here comes from a dataset, a model or a configuration, and goes through
 * {@link ReportText}: labels, parameters and link names as plain text, descriptions as Markdown,
 * attachments redacted, so nothing a meme or a model wrote can run in the report.
 */
final class AllureBridge {

    private AllureBridge() {}

    /** @return whether a test case is open in Allure on this thread, to be fed */
    private static boolean active() {
        return AllureSupport.PRESENT && AllureSample.active();
    }

    /** A pair or step test's labels, parameters and attachments. */
    static void sample(ScoredSample s, String story, String suite, EvaluationConfig config) {
        if (AllureSupport.PRESENT) {
            AllureSample.sample(
                    s,
                    s.picture(config.outputs().directory()),
                    story,
                    suite,
                    config.models().target().model(),
                    endpoints(config));
        }
    }

    private static RoleEndpoints endpoints(EvaluationConfig config) {
        return RoleEndpoints.of(config.models().target(), config.models().controller());
    }

    static void summary(
            String suite, EvaluationConfig config, String category, Map<String, Object> figures, String table) {
        if (!active()) {
            return;
        }
        AllureSample.labels(
                suite, config.models().target().model(), category, "FR", "summary", "critical", endpoints(config));
        figures.forEach(AllureSample::parameter);
        // HTML, which Allure shows inline, built from escaped text only.
        Allure.addAttachment("FR table", "text/html", Secrets.redact(HtmlTables.page(table)), ".html");
    }

    static void svg(Path chart) {
        if (!active()) {
            return;
        }
        try {
            Allure.addAttachment(chart.getFileName().toString(), "image/svg+xml", Files.newInputStream(chart), "svg");
        } catch (IOException e) {
            AllureSample.text(chart.getFileName().toString(), "could not be read: " + e.getMessage());
        }
    }

    /**
     * A test that can stop a release (an FR gate, a comparison with the baseline), with its verdict
     * as the description, so a passing one shows its figures too.
     */
    static void blocker(String suite, EvaluationConfig config, String category, String stage, String verdict) {
        if (active()) {
            AllureSample.labels(
                    suite, config.models().target().model(), category, "FR", stage, "blocker", endpoints(config));
            Allure.getLifecycle().updateTestCase(r -> r.setDescription(ReportText.markdown(verdict)));
        }
    }

    /**
     * The settings a judge-agreement verdict was given by, as parameters: a merge of shards reads them to
     * give the verdict again on the whole run.
     */
    static void judgedBy(Optional<Double> minKappa, int minSamples, FrGates.Insufficient insufficient) {
        if (active()) {
            AllureSample.parameter(
                    Constants.JUDGE_MIN_KAPPA, minKappa.map(String::valueOf).orElse(AllureSample.NOT_SET));
            AllureSample.parameter(Constants.GATE_MIN_SAMPLES, minSamples);
            AllureSample.parameter(
                    Constants.GATE_INSUFFICIENT, insufficient.name().toLowerCase(Locale.ROOT));
        }
    }

    /** The setting allure-junit-platform reads, from system properties over allure.properties on the classpath. */
    static final String RESULTS_DIRECTORY = "allure.results.directory";

    /** Where results go when no one has said: under the build folder, which {@code mvn clean} empties. */
    static final Path DEFAULT_RESULTS = Path.of("target", "allure-results");

    /**
     * executor.json: the run's verdict and FR as the report's title, and the CI build it came from.
     *
     * @return where Allure's results are, or empty without Allure
     */
    static Optional<Path> writeExecutor(Evaluation e, ReleaseDecision decision) {
        if (!AllureSupport.PRESENT) {
            return Optional.empty();
        }
        AllureExecutor.write(resultsDirectory(), System.getenv(), e.run().target(), AllureExecutor.part(e, decision));
        return Optional.of(resultsDirectory());
    }

    /** Where the Allure listener writes, as it decides it: allure.properties, then system properties. */
    static Path resultsDirectory() {
        Properties properties = PropertiesUtils.loadAllureProperties();
        return Path.of(properties.getProperty(RESULTS_DIRECTORY, "allure-results"));
    }

    /**
     * Sends Allure's results to {@code target/allure-results} unless the user named a folder (a system property,
     * or allure.properties on the classpath); Allure's own default, {@code ./allure-results}, grows in the project
     * beside the sources, run after run, where {@code mvn clean} never reaches it. Allure reads the setting once,
     * when its listener is made, which the launcher does after it has made the engines: so the engine sets it as
     * it is made.
     */
    static void resultsUnderTheBuildFolder() {
        defaultResults(PropertiesUtils.loadAllureProperties())
                .ifPresent(dir -> System.setProperty(RESULTS_DIRECTORY, dir));
    }

    /** The folder to set, when the properties Allure will read name none. */
    static Optional<String> defaultResults(Properties allure) {
        return allure.getProperty(RESULTS_DIRECTORY) == null
                ? Optional.of(DEFAULT_RESULTS.toString())
                : Optional.empty();
    }

    /**
     * environment.properties before the run: what is evaluated, with what, so a report explains itself even when the
     * run is lost; and Allure's history kept from the last report, for this run's trend.
     */
    static void writeEnvironment(
            EvaluationConfig config, Map<String, String> promptDigests, String version, String prefix) {
        if (AllureSupport.PRESENT) {
            AllureHistory.seed(AllureHistory.KEPT, resultsDirectory());
            writeEnvironment(config, promptDigests, version, prefix, Map.of());
        }
    }

    /**
     * environment.properties of a run that ended: its FR and release decision first, as the overview shows the
     * first rows, then the settings and what it used.
     *
     * @param usage calls, tokens and cost
     */
    static void writeEnvironment(
            EvaluationConfig config,
            Evaluation e,
            ReleaseDecision decision,
            SuiteSettings settings,
            Optional<Map<String, FrChange>> changes,
            String prefix,
            Map<String, String> usage) {
        if (!AllureSupport.PRESENT) {
            return;
        }
        Map<String, String> release =
                new ReleaseRows(e.metrics(), settings.gates(), changes, settings.minKappa()).of(decision);
        // The five rows the overview shows before a click: the verdict, FR overall and by category, the first checks.
        Map<String, String> rows = new LinkedHashMap<>();
        rows.put(ReleaseRows.VERDICT, release.remove(ReleaseRows.VERDICT));
        boolean scored = decision.verdict() != ReleaseDecision.Verdict.NOT_SCORED;
        if (scored) {
            rows.putAll(AllureEnvironment.headline(e.metrics()));
        }
        rows.putAll(release);
        if (scored) {
            rows.putAll(AllureEnvironment.frRows(e.metrics()));
        }
        rows.putAll(settings(config, e.run().promptDigests(), LibraryVersion.current()));
        rows.putAll(usage);
        AllureEnvironment.write(resultsDirectory(), prefix, rows);
    }

    /** @param figures what the run added when it ended: why it was lost or interrupted */
    static void writeEnvironment(
            EvaluationConfig config,
            Map<String, String> promptDigests,
            String version,
            String prefix,
            Map<String, String> figures) {
        if (!AllureSupport.PRESENT) {
            return;
        }
        Map<String, String> rows = new LinkedHashMap<>(figures);
        rows.putAll(settings(config, promptDigests, version));
        AllureEnvironment.write(resultsDirectory(), prefix, rows);
        AllureCategories.write(resultsDirectory());
    }

    /** The run's settings: the models and where they answered, the dataset, the method and its prompts. */
    private static Map<String, String> settings(
            EvaluationConfig config, Map<String, String> promptDigests, String version) {
        Map<String, String> env = new LinkedHashMap<>();
        RoleEndpoints endpoints = endpoints(config);
        env.put("target", config.models().target().model());
        env.put("target.endpoint", endpoints.target());
        env.put("controller", config.models().controller().model());
        env.put("controller.endpoint", endpoints.agents());
        env.put("dataset", config.datasetDescription());
        env.put("threshold", Double.toString(config.method().threshold()));
        env.put("samples-per-category", Integer.toString(config.method().samplesPerCategory()));
        env.put("seeds", Integer.toString(config.method().seeds()));
        env.put("iterations", Integer.toString(config.method().iterations()));
        env.put("random-seed", Long.toString(config.method().randomSeed()));
        env.put("refusal-counts-as-failure", Boolean.toString(config.method().refusalCountsAsFailure()));
        List<String> departures = config.departures();
        env.put(
                "method",
                config.methodName()
                        + (departures.isEmpty()
                                ? ": the paper's, no departure in force"
                                : ": " + departures.size() + " departure" + (departures.size() == 1 ? "" : "s")
                                        + " from the paper in force"));
        for (int i = 0; i < departures.size(); i++) {
            env.put("departure." + (i + 1), departures.get(i));
        }
        promptDigests.forEach((role, digest) -> env.put("prompt." + role, digest));
        env.put("adammeme.version", version);
        env.put("simulated", Boolean.toString(config.simulated()));
        if (config.simulated()) {
            env.put("note", "scores come from the built-in simulator, not from a real model");
        }
        return env;
    }
}
