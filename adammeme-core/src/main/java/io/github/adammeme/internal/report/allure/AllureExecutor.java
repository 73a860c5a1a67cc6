package io.github.adammeme.internal.report.allure;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.allure.ReportExecutor;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import io.github.adammeme.internal.text.ReportText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * {@code executor.json}: where the run ran and what it decided, for the Allure overview. Allure titles
 * the overview with the executor's report name, the one place a reader sees without clicking, so the
 * name is short: the release verdict and the overall FR with its interval, one part per target; on GitHub
 * Actions, GitLab CI and Jenkins the executor also names the build and links to it, and Allure's history
 * links each earlier point to its build. Only the CI variables read here go in: nothing of the environment
 * that could hold a secret.
 *
 * <p>A copy goes to {@value ReportExecutor#OWN} beside it: allure-maven writes an executor.json of its own into the results it
 * reports on, and the Maven plugin's {@code allure} goal gives the report ours back from the copy
 * ({@link ReportExecutor}).
 */
@API(status = INTERNAL, since = "0.1.0")
public final class AllureExecutor {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** An address Allure may link to: http or https, no user-info, nothing a browser would run or misread. */
    private static final Set<String> LINKED = Set.of("url", "buildUrl", "reportUrl");

    private static final Pattern LINK = Pattern.compile("https?://[^\\s@\"'<>]+", Pattern.CASE_INSENSITIVE);
    /** Per results folder, each target's part of the title: a suite may evaluate several into one folder. */
    private static final Map<Path, Map<String, String>> PARTS = new ConcurrentHashMap<>();

    private AllureExecutor() {}

    /**
     * Adds this target's part of the title and writes the executor of the run to {@code results}.
     *
     * @param results     the Allure results folder
     * @param environment the environment, of which only the CI variables named here are read
     * @param target      the target model
     * @param part        what the title says of it ({@link #part}, {@link #fr})
     */
    public static void write(Path results, Map<String, String> environment, String target, String part) {
        Map<String, String> parts =
                PARTS.computeIfAbsent(results.toAbsolutePath().normalize(), r -> new ConcurrentSkipListMap<>());
        parts.put(target, ReportText.plain(part));
        ObjectNode executor = of(environment);
        executor.put("reportName", title(parts));
        try {
            Files.createDirectories(results);
            String text = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(executor);
            Files.writeString(results.resolve(ReportExecutor.FILE), text, StandardCharsets.UTF_8);
            Files.writeString(results.resolve(ReportExecutor.OWN), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + results.resolve(ReportExecutor.FILE), e);
        }
    }

    /** One target's part alone; several, each named: "sim:keyword: release PASSED · FR ... | sim:oracle: ...". */
    static String title(Map<String, String> parts) {
        if (parts.size() == 1) {
            return parts.values().iterator().next();
        }
        List<String> named = new ArrayList<>();
        parts.forEach((target, part) -> named.add(ReportText.plain(target) + ": " + part));
        return String.join(" | ", named);
    }

    /**
     * What the title says of a run: "release FAILED · FR 54.0% [45.7, 62.1]", "no release check set · FR ...",
     * "mining only · 177 memes, 64 pairs in 9 categories", with " (simulated)" when the built-in simulator answered.
     *
     * @param e        the finished evaluation
     * @param decision what its figures decide
     * @return the part
     */
    public static String part(Evaluation e, ReleaseDecision decision) {
        return part(
                decision.verdict(),
                e.metrics(),
                e.memes().size() + " memes, " + e.mined().size() + " pairs in "
                        + e.taxonomy().size() + " categories",
                e.run().simulated());
    }

    static String part(ReleaseDecision.Verdict verdict, Metrics m, String mined, boolean simulated) {
        String said = switch (verdict) {
            case PASSED -> "release PASSED · " + fr(m);
            case FAILED -> "release FAILED · " + fr(m);
            case UNDECIDED -> "no release check set · " + fr(m);
            case NOT_SCORED -> "mining only · " + mined;
        };
        return said + (simulated ? " (simulated)" : "");
    }

    /**
     * The overall FR with refinements and its interval, without counts, as a title has room for.
     *
     * @param m the figures
     * @return "FR 54.0% [45.7, 62.1]", or "FR n/a (0 scored)"
     */
    public static String fr(Metrics m) {
        FailureRate fr = m.withRefinementsOverall().fr();
        Double rate = fr.rate();
        Double low = fr.low();
        Double high = fr.high();
        return rate != null && low != null && high != null
                ? String.format(Locale.ROOT, "FR %.1f%% [%.1f, %.1f]", 100 * rate, 100 * low, 100 * high)
                : "FR n/a (0 scored)";
    }

    /** The build this runs in, from the variables each CI sets; a local run says so. */
    static ObjectNode of(Map<String, String> env) {
        ObjectNode e = JSON.createObjectNode();
        if ("true".equals(env.get("GITHUB_ACTIONS"))) {
            String repository = env.getOrDefault("GITHUB_REPOSITORY", "");
            String server = env.getOrDefault("GITHUB_SERVER_URL", "https://github.com");
            String run = env.getOrDefault("GITHUB_RUN_ID", "");
            e.put("name", "GitHub Actions");
            e.put("type", "github");
            e.put("url", server + "/" + repository + "/actions");
            number(e, env.get("GITHUB_RUN_NUMBER"));
            e.put(
                    "buildName",
                    env.getOrDefault("GITHUB_WORKFLOW", "workflow") + " #"
                            + env.getOrDefault("GITHUB_RUN_NUMBER", run));
            e.put(
                    "buildUrl",
                    server + "/" + repository + "/actions/runs/" + run
                            + (env.containsKey("GITHUB_RUN_ATTEMPT")
                                    ? "/attempts/" + env.get("GITHUB_RUN_ATTEMPT")
                                    : ""));
            int slash = repository.indexOf('/');
            if (slash > 0 && server.equals("https://github.com")) {
                e.put(
                        "reportUrl",
                        "https://" + repository.substring(0, slash) + ".github.io/" + repository.substring(slash + 1)
                                + "/");
            }
        } else if ("true".equals(env.get("GITLAB_CI"))) {
            e.put("name", "GitLab CI");
            e.put("type", "gitlab");
            e.put("url", env.getOrDefault("CI_PROJECT_URL", ""));
            number(e, env.get("CI_PIPELINE_IID") != null ? env.get("CI_PIPELINE_IID") : env.get("CI_PIPELINE_ID"));
            e.put(
                    "buildName",
                    env.getOrDefault("CI_PROJECT_NAME", "pipeline") + " #" + env.getOrDefault("CI_PIPELINE_ID", ""));
            e.put("buildUrl", env.getOrDefault("CI_PIPELINE_URL", env.getOrDefault("CI_JOB_URL", "")));
            if (env.containsKey("CI_PAGES_URL")) {
                e.put("reportUrl", env.get("CI_PAGES_URL"));
            }
        } else if (env.containsKey("JENKINS_URL") && env.containsKey("BUILD_NUMBER")) {
            e.put("name", "Jenkins");
            e.put("type", "jenkins");
            e.put("url", env.get("JENKINS_URL"));
            number(e, env.get("BUILD_NUMBER"));
            e.put("buildName", env.getOrDefault("JOB_NAME", "job") + " #" + env.get("BUILD_NUMBER"));
            e.put("buildUrl", env.getOrDefault("BUILD_URL", ""));
        } else {
            e.put("name", "local");
            e.put("type", "local");
        }
        // Values from the environment are plain text in the report, whatever a runner put in them, and Allure
        // makes links of the addresses: only a plain http(s) address without user-info may become one.
        List<String> names = new ArrayList<>();
        e.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            String value = e.get(name).isTextual() ? e.get(name).asText() : null;
            if (value == null) {
                continue;
            }
            if (LINKED.contains(name) && !LINK.matcher(value).matches()) {
                e.remove(name);
            } else {
                e.put(name, ReportText.plain(value));
            }
        }
        return e;
    }

    private static void number(ObjectNode e, @Nullable String value) {
        if (value != null && value.matches("\\d{1,18}")) {
            e.put("buildOrder", Long.parseLong(value));
        }
    }
}
