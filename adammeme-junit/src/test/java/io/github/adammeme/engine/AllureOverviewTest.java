package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Allure report as a person opens it after a CI build: the overview's title carries the verdict and the
 * overall FR, the Environment panel FR per category and each release check, the Executors panel names the build
 * and links to it, the FR table shows as a table, each pair the picture its target saw as a small copy.
 */
class AllureOverviewTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aReportBuiltOnGitHubActionsShowsTheFrOnItsOverviewAndLinksToTheBuild() throws Exception {
        String allure = System.getProperty("allure.commandline");
        assumeTrue(allure != null && Files.isRegularFile(Path.of(allure)), "the Allure command line is not unpacked");
        Path memes = SyntheticMemes.write(dir.resolve("memes"), SyntheticMemes.CAPTIONS.size());
        Path results = dir.resolve("allure-results");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                AllureRun.class.getName(),
                results.toString(),
                "adammeme.dataset=" + memes,
                "adammeme.seeds=1",
                "adammeme.iterations=2",
                "adammeme.cache=memory",
                "adammeme.progress=false",
                "adammeme.output-dir=" + dir.resolve("out"),
                "adammeme.gate.max-fr=100%",
                "adammeme.gate.min-samples=1"));
        ProcessBuilder run = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("run.log").toFile());
        run.environment()
                .keySet()
                .removeIf(k -> k.startsWith("GITHUB_")
                        || k.startsWith("CI_")
                        || k.equals("GITLAB_CI")
                        || k.equals("JENKINS_URL"));
        run.environment()
                .putAll(Map.of(
                        "GITHUB_ACTIONS",
                        "true",
                        "GITHUB_SERVER_URL",
                        "https://github.com",
                        "GITHUB_REPOSITORY",
                        "acme/vision-model",
                        "GITHUB_RUN_ID",
                        "9876543210",
                        "GITHUB_RUN_NUMBER",
                        "42",
                        "GITHUB_RUN_ATTEMPT",
                        "1",
                        "GITHUB_WORKFLOW",
                        "release gate",
                        "GITHUB_TOKEN",
                        "ghs_not-to-be-written-anywhere"));
        Process child = run.start();
        assertTrue(
                child.waitFor(240, TimeUnit.SECONDS) && child.exitValue() == 0,
                Files.readString(dir.resolve("run.log")));
        String executorFile = Files.readString(results.resolve("executor.json"));
        assertFalse(executorFile.contains("ghs_"), "no variable but the build's own goes in");

        Path report = dir.resolve("allure-report");
        Process generate = new ProcessBuilder(
                        allure, "generate", results.toString(), "--clean", "-o", report.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("generate.log").toFile())
                .start();
        assertTrue(
                generate.waitFor(120, TimeUnit.SECONDS) && generate.exitValue() == 0,
                Files.readString(dir.resolve("generate.log")));

        JsonNode summary = JSON.readTree(report.resolve("widgets/summary.json").toFile());
        String title = summary.path("reportName").asText();
        System.out.println("overview title: " + title);
        assertTrue(title.matches("release PASSED · FR \\d+\\.\\d% \\[[\\d.]+, [\\d.]+] \\(simulated\\)"), title);

        JsonNode executors =
                JSON.readTree(report.resolve("widgets/executors.json").toFile());
        assertEquals(1, executors.size(), executors.toString());
        JsonNode build = executors.get(0);
        System.out.println("executor: " + build);
        assertEquals("GitHub Actions", build.path("name").asText());
        assertEquals("release gate #42", build.path("buildName").asText());
        assertEquals(
                "https://github.com/acme/vision-model/actions/runs/9876543210/attempts/1",
                build.path("buildUrl").asText());
        assertEquals(
                "https://acme.github.io/vision-model/", build.path("reportUrl").asText());
        assertEquals(42, build.path("buildOrder").asLong());

        JsonNode environment =
                JSON.readTree(report.resolve("widgets/environment.json").toFile());
        List<String> names = new ArrayList<>();
        Map<String, String> values = new LinkedHashMap<>();
        environment.forEach(n -> {
            names.add(n.path("name").asText());
            values.put(n.path("name").asText(), n.path("values").get(0).asText());
        });
        System.out.println("environment: " + values);
        // Allure shows the first five rows until asked for all: the verdict, FR overall and every category's, the
        // checks.
        assertEquals(
                List.of("release decision", "FR overall", "FR by category", "FR gate overall"), names.subList(0, 4));
        assertTrue(values.get("release decision").matches("PASSED \\(1 check\\)"), values.toString());
        assertTrue(
                values.get("FR by category").matches("race \\d+\\.\\d% \\[.*\\] \\(\\d+/\\d+\\)( · \\w+ .*)+"),
                values.toString());
        assertTrue(
                values.get("FR gate overall").matches("PASSED · FR \\d+\\.\\d% ≤ 100\\.0%, n = \\d+"),
                values.toString());

        try (Stream<Path> files = Files.list(report.resolve("data/attachments"))) {
            List<Path> tables =
                    files.filter(f -> f.toString().endsWith(".html")).toList();
            assertFalse(tables.isEmpty(), "the FR tables are HTML attachments");
            for (Path file : tables) {
                String table = Files.readString(file);
                assertTrue(table.contains("<table>") && table.contains("<th>"), table);
                assertFalse(
                        table.contains("\\(")
                                || table.contains("\\[")
                                || table.contains("&amp;gt;")
                                || table.contains("**"),
                        "no Markdown escape, nothing escaped twice: " + table);
            }
        }
        List<Long> pictures = new ArrayList<>();
        try (Stream<Path> cases = Files.list(report.resolve("data/test-cases"))) {
            for (Path file : cases.toList()) {
                JsonNode t = JSON.readTree(file.toFile());
                for (JsonNode a : t.path("testStage").path("attachments")) {
                    if (a.path("type").asText().startsWith("image/")
                            && !a.path("type").asText().contains("svg")) {
                        assertTrue(
                                a.path("type").asText().equals("image/jpeg")
                                        && a.path("name").asText().contains("JPEG copy"),
                                a.toString());
                        pictures.add(a.path("size").asLong());
                    }
                }
                List<String> tags = new ArrayList<>();
                t.path("labels").forEach(l -> {
                    if (l.path("name").asText().equals("tag")) {
                        tags.add(l.path("value").asText());
                    }
                });
                assertEquals(
                        List.of("target: built-in simulator", "agents: built-in simulator"),
                        tags,
                        t.path("name").asText() + ": who answered, on every test");
            }
        }
        assertFalse(pictures.isEmpty(), "every pair shows the picture its target saw");
        assertTrue(
                pictures.stream().allMatch(size -> size <= 200 << 10),
                "picture copies of at most 200 KiB: " + pictures);
        int categorySummaries = 0;
        try (Stream<Path> cases = Files.list(report.resolve("data/test-cases"))) {
            for (Path file : cases.toList()) {
                JsonNode t = JSON.readTree(file.toFile());
                if (t.path("name").asText().startsWith("FR summary: ")
                        && !t.path("name").asText().endsWith(": overall")) {
                    categorySummaries++;
                    List<String> types = new ArrayList<>();
                    t.path("testStage")
                            .path("attachments")
                            .forEach(a -> types.add(a.path("type").asText()));
                    assertTrue(
                            types.contains("text/html") && types.contains("image/svg+xml"),
                            t.path("name").asText() + ": the table and the charts inline, " + types);
                }
            }
        }
        assertTrue(categorySummaries >= 2, "category summaries: " + categorySummaries);
        JsonNode categories =
                JSON.readTree(report.resolve("data/categories.json").toFile());
        List<String> groups = new ArrayList<>();
        categories.path("children").forEach(c -> groups.add(c.path("name").asText()));
        System.out.println("Allure categories with tests: " + groups);
        assertTrue(groups.contains("Below threshold"), groups.toString());
        System.out.println("report: " + report);
    }
}
