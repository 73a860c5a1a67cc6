package io.github.adammeme.internal.report.allure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.pipeline.result.Tally;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The executor a report is titled by and links to: a short title, only the build's own addresses, and only those a
 * browser opens as pages.
 */
class AllureExecutorTest {

    @Test
    void anAddressThatIsNotAPlainWebPageIsLeftOutRatherThanLinked() {
        ObjectNode github = AllureExecutor.of(Map.of(
                "GITHUB_ACTIONS",
                "true",
                "GITHUB_SERVER_URL",
                "javascript:alert(1)//",
                "GITHUB_REPOSITORY",
                "acme/model",
                "GITHUB_RUN_ID",
                "1",
                "GITHUB_RUN_NUMBER",
                "3",
                "GITHUB_WORKFLOW",
                "<img src=x onerror=alert(1)>"));
        assertFalse(github.has("url") || github.has("buildUrl"), github.toString());
        assertFalse(github.path("buildName").asText().contains("<img"), github.toString());
        assertEquals(3, github.path("buildOrder").asLong());

        ObjectNode gitlab = AllureExecutor.of(Map.of(
                "GITLAB_CI",
                "true",
                "CI_PIPELINE_URL",
                "https://user:token@gitlab.example/p/1",
                "CI_PAGES_URL",
                "https://acme.gitlab.io/model",
                "CI_PROJECT_URL",
                "data:text/html,<script>"));
        assertFalse(gitlab.has("buildUrl") || gitlab.has("url"), "user-info and data: are no links: " + gitlab);
        assertEquals("https://acme.gitlab.io/model", gitlab.path("reportUrl").asText());

        ObjectNode jenkins = AllureExecutor.of(Map.of(
                "JENKINS_URL",
                "https://ci.example/",
                "BUILD_NUMBER",
                "17",
                "BUILD_URL",
                "https://ci.example/job/gate/17/",
                "JOB_NAME",
                "gate"));
        assertEquals("https://ci.example/job/gate/17/", jenkins.path("buildUrl").asText());
        assertEquals("gate #17", jenkins.path("buildName").asText());
    }

    @Test
    void theTitleSaysTheVerdictAndTheOverallFrInAFewWords() {
        Metrics m = AllureEnvironmentTest.METRICS;
        assertEquals(
                "release FAILED · FR 58.3% [32.0, 80.7]",
                AllureExecutor.part(ReleaseDecision.Verdict.FAILED, m, "", false));
        assertEquals(
                "release PASSED · FR 58.3% [32.0, 80.7] (simulated)",
                AllureExecutor.part(ReleaseDecision.Verdict.PASSED, m, "", true));
        assertEquals(
                "no release check set · FR 58.3% [32.0, 80.7]",
                AllureExecutor.part(ReleaseDecision.Verdict.UNDECIDED, m, "", false));
        assertEquals(
                "mining only · 177 memes, 64 pairs in 9 categories",
                AllureExecutor.part(
                        ReleaseDecision.Verdict.NOT_SCORED, m, "177 memes, 64 pairs in 9 categories", false));
        Metrics none = Tally.metrics(List.of(), List.of(), List.of(), 4.0, true);
        assertEquals("FR n/a (0 scored)", AllureExecutor.fr(none));

        Map<String, String> parts = new LinkedHashMap<>();
        parts.put("sim:keyword", "release FAILED · FR 58.3% [32.0, 80.7]");
        assertEquals("release FAILED · FR 58.3% [32.0, 80.7]", AllureExecutor.title(parts), "one target needs no name");
        parts.put("sim:oracle", "release PASSED · FR 8.3% [1.5, 35.4]");
        assertEquals(
                "sim:keyword: release FAILED · FR 58.3% [32.0, 80.7] | sim:oracle: release PASSED · FR 8.3% [1.5, 35.4]",
                AllureExecutor.title(parts));
    }
}
