package io.github.adammeme.internal.summary.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * Where a run's outputs go: the names of its files and folders, and the folder of each suite and
 * target. The engine, the command line and the tools that read a run back (merge, gates, baselines)
 * all take their names from here, so a file renamed in one place is renamed for every reader.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class OutputLayout {

    /** The run, taxonomy, figures and usage. */
    public static final String SUMMARY_JSON = "summary.json";
    /** One line per scored sample. */
    public static final String SAMPLES = "samples.jsonl";
    /** One line per input meme. */
    public static final String MEMES = "memes.jsonl";
    /** The FR tables for people. */
    public static final String SUMMARY_MARKDOWN = "summary.md";
    /** This run against its baseline. */
    public static final String BASELINE_MARKDOWN = "baseline.md";
    /** The page that shows every chart. */
    public static final String CHARTS_PAGE = "charts.html";
    /** The folder of the charts' SVG files. */
    public static final String CHARTS_FOLDER = "charts";
    /** The targets of one suite side by side. */
    public static final String LEADERBOARD_MARKDOWN = "leaderboard.md";
    /** The same leaderboard as a page. */
    public static final String LEADERBOARD_PAGE = "leaderboard.html";
    /** The trend of recorded runs. */
    public static final String HISTORY_PAGE = "history.html";
    /** The folder of the history's charts. */
    public static final String HISTORY_FOLDER = "history";

    private final Path folder;

    private OutputLayout(Path folder) {
        this.folder = folder;
    }

    /**
     * The layout of one run's folder.
     *
     * @param folder the run's output folder
     * @return its layout
     */
    public static OutputLayout of(Path folder) {
        return new OutputLayout(folder);
    }

    /**
     * The folder of a suite class: the configured one, or one per class when several suites share it.
     *
     * @param base the configured output folder
     * @param suiteName the suite class's simple name
     * @param severalSuites whether more than one suite class runs
     * @return the suite's folder, which holds its leaderboard when it has several targets
     */
    public static Path suiteFolder(Path base, String suiteName, boolean severalSuites) {
        return severalSuites ? base.resolve(suiteName) : base;
    }

    /**
     * The folder of one target: the suite's own, or a folder named after the model when the suite
     * evaluates several.
     *
     * @param suiteFolder the suite's folder
     * @param model the target's model id
     * @param severalTargets whether the suite lists more than one target
     * @return the folder the target's run writes into
     */
    public static Path targetFolder(Path suiteFolder, String model, boolean severalTargets) {
        return severalTargets ? OutputNames.inside(suiteFolder, model) : suiteFolder;
    }

    /** @return the run's folder */
    public Path folder() {
        return folder;
    }

    /** @return {@value #SUMMARY_JSON} in the folder */
    public Path summaryJson() {
        return folder.resolve(SUMMARY_JSON);
    }

    /** @return {@value #SUMMARY_MARKDOWN} in the folder */
    public Path summaryMarkdown() {
        return folder.resolve(SUMMARY_MARKDOWN);
    }

    /** @return {@value #BASELINE_MARKDOWN} in the folder */
    public Path baselineMarkdown() {
        return folder.resolve(BASELINE_MARKDOWN);
    }

    /** @return {@value #LEADERBOARD_MARKDOWN} in the folder */
    public Path leaderboardMarkdown() {
        return folder.resolve(LEADERBOARD_MARKDOWN);
    }

    /** @return {@value #LEADERBOARD_PAGE} in the folder */
    public Path leaderboardPage() {
        return folder.resolve(LEADERBOARD_PAGE);
    }
}
