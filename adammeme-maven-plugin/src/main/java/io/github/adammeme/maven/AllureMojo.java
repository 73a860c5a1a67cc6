package io.github.adammeme.maven;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.github.adammeme.internal.summary.allure.AllureHistory;
import io.github.adammeme.internal.summary.allure.ReportExecutor;
import java.io.File;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apiguardian.api.API;

/**
 * What allure-maven's report of the build's AdamMeme runs needs after it is built, bound to {@code verify} after
 * allure-maven's {@code report} goal and before {@code gate}. allure-maven writes an executor of its own into the
 * results, where the engine wrote the run's verdict and FR as the overview's title and the CI build it ran in: this
 * goal gives the report the engine's executor back. And a report's trend is drawn from the history of the report
 * before it, which {@code mvn clean} and a fresh CI checkout remove with {@code target/}: this goal keeps the
 * report's history in {@code .adammeme/allure-history}, beside the call cache, and the engine hands it to the next
 * run's results.
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
@Mojo(name = "allure", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class AllureMojo extends AbstractMojo {

    /** The Allure results the report was built from, as allure-maven finds them: relative to the build folder. */
    @Parameter(property = "allure.results.directory", defaultValue = "allure-results")
    private String resultsDirectory;

    @Parameter(defaultValue = "${project.build.directory}", readonly = true, required = true)
    private File buildDirectory;

    /** The report, where allure-maven's {@code report} goal writes it. */
    @Parameter(
            property = "allure.report.directory",
            defaultValue = "${project.reporting.outputDirectory}/allure-maven-plugin")
    private File reportDirectory;

    /** Where the history is kept between builds: where the engine, run in the project's folder, looks for it. */
    @Parameter(defaultValue = "${project.basedir}/.adammeme/allure-history", readonly = true, required = true)
    private File historyDirectory;

    /** Creates the goal; Maven sets its parameters. */
    public AllureMojo() {}

    @Override
    public void execute() throws MojoExecutionException {
        Path report = reportDirectory.toPath();
        if (!Files.isRegularFile(report.resolve("index.html"))) {
            getLog().info("AdamMeme: no Allure report in " + report + " (allure-maven's report goal, declared before"
                    + " this plugin, builds it)");
            return;
        }
        Path results = buildDirectory.toPath().resolve(resultsDirectory);
        try {
            boolean titled = ReportExecutor.restore(results, report);
            AllureHistory.keep(report, historyDirectory.toPath());
            getLog().info("AdamMeme: Allure report " + report.resolve("index.html")
                    + (titled ? ", titled with the run's" + " verdict and FR" : "") + "; its history is kept in "
                    + historyDirectory + " for the next report");
        } catch (UncheckedIOException e) {
            throw new MojoExecutionException(e.getMessage(), e.getCause());
        }
    }
}
