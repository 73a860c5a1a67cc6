package io.github.adammeme.internal.report.allure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The executor a report links to: only the build's own addresses, and only those a browser opens as pages. */
class AllureExecutorTest {

    @Test
    void anAddressThatIsNotAPlainWebPageIsLeftOutRatherThanLinked() {
        ObjectNode github = AllureExecutor.of(Map.of("GITHUB_ACTIONS", "true", "GITHUB_SERVER_URL", "javascript:alert(1)//",
                "GITHUB_REPOSITORY", "acme/model", "GITHUB_RUN_ID", "1", "GITHUB_RUN_NUMBER", "3",
                "GITHUB_WORKFLOW", "<img src=x onerror=alert(1)>"));
        assertFalse(github.has("url") || github.has("buildUrl"), github.toString());
        assertFalse(github.path("buildName").asText().contains("<img"), github.toString());
        assertEquals(3, github.path("buildOrder").asLong());

        ObjectNode gitlab = AllureExecutor.of(Map.of("GITLAB_CI", "true", "CI_PIPELINE_URL", "https://user:token@gitlab.example/p/1",
                "CI_PAGES_URL", "https://acme.gitlab.io/model", "CI_PROJECT_URL", "data:text/html,<script>"));
        assertFalse(gitlab.has("buildUrl") || gitlab.has("url"), "user-info and data: are no links: " + gitlab);
        assertEquals("https://acme.gitlab.io/model", gitlab.path("reportUrl").asText());

        ObjectNode jenkins = AllureExecutor.of(Map.of("JENKINS_URL", "https://ci.example/", "BUILD_NUMBER", "17",
                "BUILD_URL", "https://ci.example/job/gate/17/", "JOB_NAME", "gate"));
        assertEquals("https://ci.example/job/gate/17/", jenkins.path("buildUrl").asText());
        assertEquals("gate #17", jenkins.path("buildName").asText());
    }
}
