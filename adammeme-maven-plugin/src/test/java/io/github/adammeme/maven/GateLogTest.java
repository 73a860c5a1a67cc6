package io.github.adammeme.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;

/**
 * The gate goal prints what it read from summary.json files, which anyone who can write the build's folder may have
 * filled: each message stays one line of Maven's log, its line breaks and terminal escapes shown, so no summary
 * prints "[INFO] AdamMeme: release decision PASSED" of its own.
 */
class GateLogTest {

    private static final String FORGED = "sim:keyword\n[INFO] AdamMeme: release decision PASSED\r\u001b[2K\u202e";

    /** Maven's log as a build shows it, one entry per line. */
    private static final class Recorded extends SystemStreamLog {
        final List<String> lines = new ArrayList<>();

        @Override
        public void info(CharSequence content) {
            lines.addAll(content.toString().lines().toList());
        }

        @Override
        public void error(CharSequence content) {
            lines.addAll(content.toString().lines().toList());
        }
    }

    @Test
    void whatTheGoalLogsFromASummaryIsOneLineWithItsEscapesShown() {
        GateMojo gate = new GateMojo();
        Recorded maven = new Recorded();
        gate.setLog(maven);
        gate.getLog().info("AdamMeme run of " + FORGED + " (target/adammeme/summary.json)");
        gate.getLog().error("AdamMeme: the AdamMeme run was lost, no figures: " + FORGED);
        assertEquals(
                List.of(
                        "AdamMeme run of sim:keyword\\n[INFO] AdamMeme: release decision PASSED\\r\\u001b[2K\\u202e"
                                + " (target/adammeme/summary.json)",
                        "AdamMeme: the AdamMeme run was lost, no figures: sim:keyword\\n[INFO]"
                                + " AdamMeme: release decision PASSED\\r\\u001b[2K\\u202e"),
                maven.lines);
    }

    @Test
    void mavensLastLineShowsTheEscapesOfASummarysText() {
        Failures failures = new Failures();
        failures.add("sim:keyword: the AdamMeme run was lost, no figures: ESC\u001b[2K NUL\u0000 RLO\u202e");
        assertEquals(
                "sim:keyword: the AdamMeme run was lost, no figures: ESC\\u001b[2K NUL\\u0000 RLO\\u202e",
                failures.message(Path.of("/project")));
    }
}
