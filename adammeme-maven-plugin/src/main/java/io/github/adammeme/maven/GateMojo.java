package io.github.adammeme.maven;

import static org.apiguardian.api.API.Status.STABLE;

import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.summary.FrTable;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import io.github.adammeme.internal.text.Printable;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Resource;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The release decision of the build's AdamMeme runs as the build's outcome. Surefire runs the suites with
 * {@code testFailureIgnore}, so a model's failed pairs stay failed tests in the reports without stopping the build;
 * this goal, bound to {@code verify} as maven-failsafe-plugin's {@code verify} and JaCoCo's {@code check} are, then
 * reads each run's summary.json and fails the build exactly when its decision fails: an FR gate over its budget or
 * short of evidence, a significant regression against the baseline, a judge below its minimum agreement. It fails
 * too when there is nothing to decide on (no suite ran, no check is set, a run was lost or interrupted), on a misspelt
 * {@code adammeme.*} key, when a test outside the AdamMeme suites failed, which {@code testFailureIgnore} let
 * through, and when a summary's decision is not the one its own checks give or its checks are not what Surefire
 * reported of their tests (a summary edited after the run): it decides from the recorded checks, and fails closed
 * on any disagreement, naming it. The FR table and the verdicts are the build's last lines; when several things fail, each is an error line
 * of its own, and the failure, Maven's last line, names the first and where the others are, in a few hundred
 * characters at most.
 *
 * <p>Run on its own ({@code mvn adammeme:gate -Dadammeme.output-dir=merged}), it decides on the summaries in the
 * folder as they are, whenever they were written: shards joined by the command line's {@code merge} are held to the
 * gates of the project's settings.
 */
@API(status = STABLE, since = "0.1.0")
@Mojo(
        name = "gate",
        defaultPhase = LifecyclePhase.VERIFY,
        requiresDependencyResolution = ResolutionScope.TEST,
        threadSafe = true)
public final class GateMojo extends AbstractMojo {

    /** Reports of a build that ended a moment before this one began are not taken for this build's. */
    private static final long CLOCK_SLACK_MILLIS = 2_000;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Parameter(defaultValue = "${mojoExecution}", readonly = true, required = true)
    private MojoExecution execution;

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    private PluginDescriptor plugin;

    /**
     * Where the runs' summaries are. By default where the suites write them: {@code adammeme.output-dir} as the
     * project sets it (junit-platform.properties, Surefire's configuration, {@code -D}), else {@code target/adammeme}.
     */
    @Parameter
    private @Nullable File resultsDirectory;

    /** Surefire's reports, read for failed tests outside the AdamMeme suites. */
    @Parameter(defaultValue = "${project.build.directory}/surefire-reports", required = true)
    private File reportsDirectory;

    /** Decides nothing: for a build that runs the suites to look at them, not to release. */
    @Parameter(property = "adammeme.gate.skip", defaultValue = "false")
    private boolean skip;

    /** Tests skipped ({@code -DskipTests}) leave no run, and nothing to decide. */
    @Parameter(property = "skipTests", defaultValue = "false")
    private boolean skipTests;

    /** Tests not even compiled ({@code -Dmaven.test.skip}) leave no run, and nothing to decide. */
    @Parameter(property = "maven.test.skip", defaultValue = "false")
    private boolean mavenTestSkip;

    /** Made by Maven. */
    public GateMojo() {}

    /** @return Maven's log, every line of it printable: most of what the goal says it read from summary.json files */
    @Override
    public Log getLog() {
        return new PrintableLog(super.getLog());
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skipTests || mavenTestSkip) {
            getLog().info("AdamMeme: the tests were skipped, so there is no run to decide on");
            return;
        }
        ProjectSettings settings = settings();
        if (skip || settings.skip()) {
            getLog().info("AdamMeme: the release decision is skipped (adammeme.gate.skip)");
            return;
        }
        sameVersions();
        boolean inLifecycle = execution.getSource() == MojoExecution.Source.LIFECYCLE;
        // In a build's verify, only what this build's tests wrote counts; run on its own, the folder is taken as it is.
        @Nullable
        FileTime since = inLifecycle
                ? FileTime.from(session.getRequest().getStartTime().toInstant().minusMillis(CLOCK_SLACK_MILLIS))
                : null;
        Path basedir = project.getBasedir().toPath();
        Path results = resultsDirectory != null ? resultsDirectory.toPath() : settings.resultsDirectory(basedir);
        Path shownResults = Path.of(Failures.shown(results, basedir));
        try {
            Failures failures = new Failures();
            RunSummaries summaries = RunSummaries.in(results, since);
            summaries
                    .stale()
                    .forEach(s -> getLog().warn("AdamMeme: " + s.file() + " was written by an earlier build ("
                            + s.written() + "); it decides nothing now"));
            if (inLifecycle) {
                Path testClasses = Path.of(project.getBuild().getTestOutputDirectory());
                List<String> suites = SuiteClasses.find(testClasses, project.getTestClasspathElements());
                if (suites.isEmpty()) {
                    failures.add("no AdamMeme suite in " + project.getArtifactId() + ": no class in "
                            + Failures.shown(testClasses, basedir) + " is marked @AdamMemeSuite; declare"
                            + " adammeme-maven-plugin in the module whose tests hold the suite");
                    throw failed(failures);
                }
                SurefireReports reports = SurefireReports.read(reportsDirectory.toPath(), since);
                if (summaries.fresh().isEmpty()) {
                    failures.add(MissingRun.explain(
                            surefireVersion(),
                            platform(project.getArtifacts()),
                            platform(plugin.getArtifacts()).getOrDefault("junit-platform-engine", "0"),
                            suites,
                            reports,
                            shownResults,
                            summaries.stale().isEmpty()
                                    ? null
                                    : summaries.stale().get(0)));
                }
                decide(
                        summaries.fresh(),
                        settings,
                        failures,
                        summary -> ReportedChecks.disagreements(
                                summary.decision(),
                                summary.summary().target(),
                                ReportedChecks.suiteOf(summary.summary().file(), results, suites),
                                reports.casesOf(suites)));
                List<String> others = reports.failedOutside(suites);
                if (!others.isEmpty()) {
                    failures.add(others.size() + (others.size() == 1 ? " test" : " tests")
                            + " outside the AdamMeme suites"
                            + " failed (testFailureIgnore, which keeps failed pairs from stopping the build, does not"
                            + " excuse them): " + String.join("; ", others.subList(0, Math.min(3, others.size())))
                            + (others.size() > 3 ? "; ..." : ""));
                }
            } else {
                if (summaries.fresh().isEmpty()) {
                    failures.add("no AdamMeme run to decide on: no summary.json in " + shownResults);
                }
                // On its own, the goal reads a folder as it is (merged shards): no Surefire report of this build speaks
                // for it.
                decide(summaries.fresh(), settings, failures, decided -> List.of());
            }
            if (!failures.isEmpty()) {
                throw failed(failures);
            }
            if (!summaries.fresh().isEmpty() && summaries.fresh().stream().allMatch(RunSummaries.Summary::dryRun)) {
                // A plan is what was asked for: the build succeeds, but nothing was judged, so nothing passed.
                getLog().warn("AdamMeme: dry run: no release decision (no model was called; the plan is in plan.md)");
                return;
            }
            getLog().info("AdamMeme: release decision PASSED");
        } catch (IOException | DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("AdamMeme: " + Printable.escaped(e.getMessage()), e);
        }
    }

    /**
     * Every failure in full as an error of the goal's, when Maven's last line, which the exception becomes, cannot
     * carry them all.
     */
    private MojoFailureException failed(Failures failures) {
        Path basedir = project.getBasedir().toPath();
        int framing = Failures.framing(
                execution.getGroupId() + ":" + execution.getArtifactId() + ":" + execution.getVersion() + ":"
                        + execution.getGoal(),
                execution.getExecutionId(),
                project.getArtifactId());
        if (failures.shortened(basedir, framing)) {
            failures.lines().forEach(line -> getLog().error("AdamMeme: " + line));
        }
        return new MojoFailureException(failures.message(basedir, framing));
    }

    private ProjectSettings settings() throws MojoExecutionException, MojoFailureException {
        Properties commandLine = new Properties();
        commandLine.putAll(session.getSystemProperties());
        commandLine.putAll(session.getUserProperties());
        try {
            ProjectSettings settings = ProjectSettings.read(
                    Path.of(project.getBuild().getTestOutputDirectory()),
                    project.getTestResources().stream()
                            .map(Resource::getDirectory)
                            .map(Path::of)
                            .toList(),
                    project.getPlugin(ProjectSettings.SUREFIRE),
                    commandLine);
            settings.checkKeys();
            return settings;
        } catch (ConfigurationException e) {
            Failures failures = new Failures();
            failures.add(String.valueOf(e.getMessage()));
            throw failed(failures);
        } catch (IOException e) {
            throw new MojoExecutionException(
                    "AdamMeme: " + ProjectSettings.PROPERTIES_FILE + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** A run's recorded decision, beside the summary that records it. */
    private record Decided(RunSummaries.Summary summary, ReleaseDecision decision) {}

    /**
     * Each run's table and verdicts on the console, and what fails the build added to {@code failures}: each blocking
     * check on its own, with the summary.md that records it; and each way the decision disagrees with the tests that
     * reported it, as the decision of a summary that is not the run's own.
     */
    private void decide(
            List<RunSummaries.Summary> summaries,
            ProjectSettings settings,
            Failures failures,
            Function<Decided, List<String>> disagreements) {
        for (RunSummaries.Summary summary : summaries) {
            String who = summaries.size() > 1 ? summary.target() + ": " : "";
            getLog().info("");
            getLog().info("AdamMeme run of " + summary.target() + " (" + summary.file() + ")");
            if (summary.interrupted()) {
                failures.add(who + "the AdamMeme run was interrupted, no figures to judge: " + summary.lost());
                continue;
            }
            if (summary.lost() != null) {
                failures.add(who + "the AdamMeme run was lost, no figures: " + summary.lost());
                continue;
            }
            if (summary.dryRun()) {
                getLog().info("a dry run (adammeme.dry-run=true): no model called, no figures; its plan is "
                        + summary.file().resolveSibling("plan.md"));
                continue;
            }
            if (summary.shard() != null) {
                // A shard's job is part of a run, not a release: the merged run decides (mvn adammeme:gate on its
                // folder).
                getLog().info("shard " + summary.shard()
                        + " of a run: its gates see only its part, so it decides nothing;"
                        + " join the shards with the command line's merge and run adammeme:gate on the merged folder");
                continue;
            }
            try {
                ReleaseDecision decision = ReleaseDecision.ofRecorded(summary.json(), settings.values());
                List<String> disagree = disagreements.apply(new Decided(summary, decision));
                if (!disagree.isEmpty()) {
                    disagree.forEach(d -> failures.add(who + summary.file() + ": " + d));
                    continue;
                }
                if (decision.verdict() == ReleaseDecision.Verdict.NOT_SCORED) {
                    getLog().info(decision.message());
                    continue;
                }
                FrTable.recorded(summary.json()).lines().forEach(getLog()::info);
                decision.console().lines().forEach(getLog()::info);
                if (decision.verdict() == ReleaseDecision.Verdict.UNDECIDED) {
                    failures.add(who + decision.message());
                }
                Path record = summary.decisionRecord();
                decision.checks().stream()
                        .filter(ReleaseDecision.Check::blocks)
                        .forEach(c -> failures.add(who + c.line(), record));
            } catch (IllegalArgumentException | ConfigurationException e) {
                failures.add(who + summary.file() + ": " + e.getMessage());
            }
        }
    }

    private @Nullable String surefireVersion() {
        return project.getPlugin(ProjectSettings.SUREFIRE) == null
                ? null
                : project.getPlugin(ProjectSettings.SUREFIRE).getVersion();
    }

    /** The JUnit Platform artifacts among these, by artifact id, with their versions. */
    private static Map<String, String> platform(Iterable<Artifact> artifacts) {
        Map<String, String> platform = new LinkedHashMap<>();
        for (Artifact a : artifacts) {
            if (a.getGroupId().equals("org.junit.platform")) {
                platform.put(a.getArtifactId(), a.getVersion());
            }
        }
        return platform;
    }

    /**
     * The keys and the decision this goal reads are adammeme-summary's, which the engine and the core bring at
     * their own version: a different version may know other keys.
     */
    private void sameVersions() {
        for (Artifact a : project.getArtifacts()) {
            if (a.getGroupId().equals(plugin.getGroupId())
                    && (a.getArtifactId().equals("adammeme-junit")
                            || a.getArtifactId().equals("adammeme-core"))
                    && !a.getBaseVersion().equals(plugin.getVersion())) {
                getLog().warn("AdamMeme: the tests use " + a.getArtifactId() + " " + a.getBaseVersion()
                        + " and this goal is version " + plugin.getVersion()
                        + ": keep both at one version, as the keys and the decision may differ");
            }
        }
    }
}
