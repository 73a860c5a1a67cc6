package io.github.adammeme.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.github.adammeme.internal.pipeline.run.Stages;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The CI pipelines against the JSON schemas their platforms publish (SchemaStore's for GitHub Actions,
 * GitLab's own for GitLab CI; see src/test/resources/ci-schemas/README.md), and the few things a user of
 * them relies on: every shard runs, against a PostgreSQL service, and the gate can fail the pipeline. The
 * pipelines docs/ci.md gives a user's own project are held to the same schemas and pins, and to what that page
 * promises: the job's status is the release decision, and the reports and the call cache outlive a failed one.
 */
class PipelineSchemaTest {

    private static final String GITHUB_SCHEMA = "https://json.schemastore.org/github-workflow.json";
    private static final String GITLAB_SCHEMA = "https://gitlab.com/.gitlab-ci.yml";
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final ObjectMapper JSON = new ObjectMapper();

    // Registered by their $id from the test classpath: validation never goes to the network.
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(
            SpecificationVersion.DRAFT_7,
            builder -> builder.schemas(Map.of(
                    GITHUB_SCHEMA, resource("ci-schemas/github-workflow.json"),
                    GITLAB_SCHEMA, resource("ci-schemas/gitlab-ci.json"))));

    private static final Path ROOT = projectRoot();
    // I is a shell variable or a GitHub expression (which has spaces inside its braces), N the same.
    private static final Pattern SHARD_ARG = Pattern.compile("-Dadammeme\\.shard=(\\$\\{\\{[^}]*}}|[^/\\s]+)/(\\S+)");

    @Test
    void githubWorkflowFollowsThePublishedSchema() {
        List<Error> errors = validate(GITHUB_SCHEMA, github());
        assertTrue(errors.isEmpty(), () -> "github-workflow.json rejects .github/workflows/adammeme.yml: " + errors);
    }

    /**
     * The pull-request build runs what a contributor is told to run: the README's test command, through the Maven
     * wrapper (whose Maven is checked against its published checksum), on every pull request and push to main.
     */
    @Test
    void everyPullRequestRunsTheReadmesTestCommand() throws IOException {
        ObjectNode build = read(ROOT.resolve(".github/workflows/build.yml"));
        List<Error> errors = validate(GITHUB_SCHEMA, build);
        assertTrue(errors.isEmpty(), () -> "github-workflow.json rejects .github/workflows/build.yml: " + errors);
        assertTrue(
                build.path("on").has("pull_request")
                        && build.path("on")
                                .path("push")
                                .path("branches")
                                .toString()
                                .contains("main"),
                build.path("on").toString());
        assertPinned(Files.readAllLines(ROOT.resolve(".github/workflows/build.yml")), 3);
        String readmeTest = Files.readAllLines(ROOT.resolve("README.md")).stream()
                .filter(l -> l.startsWith("mvn ") && l.contains("# the project's tests"))
                .findFirst()
                .map(l -> l.substring(0, l.indexOf('#')).strip())
                .orElseThrow();
        List<String> runs = new ArrayList<>();
        build.path("jobs")
                .path("verify")
                .path("steps")
                .forEach(step -> runs.add(step.path("run").asText()));
        // "mvn -B verify" run as "./mvnw -B -ntp verify": the same goals, quieter downloads.
        String expected = readmeTest.replaceFirst("^mvn ", "./mvnw ").replace(" -B ", " -B -ntp ");
        assertTrue(runs.contains(expected), "a step runs '" + expected + "': " + runs);
        Properties wrapper = new Properties();
        try (InputStream in = Files.newInputStream(ROOT.resolve(".mvn/wrapper/maven-wrapper.properties"))) {
            wrapper.load(in);
        }
        assertTrue(
                wrapper.getProperty("distributionSha256Sum", "").matches("[0-9a-f]{64}"),
                "the wrapper checks the Maven it downloads: " + wrapper);
    }

    @Test
    void gitlabPipelineFollowsThePublishedSchema() {
        List<Error> errors = validate(GITLAB_SCHEMA, gitlab());
        assertTrue(errors.isEmpty(), () -> "GitLab's ci.json rejects .gitlab-ci.yml: " + errors);
    }

    @Test
    void theSchemasRejectBrokenPipelines() {
        ObjectNode unknownKey = github();
        ((ObjectNode) unknownKey.at("/jobs/shard")).put("runs_on", "ubuntu-24.04");
        assertRejected(GITHUB_SCHEMA, unknownKey, "runs_on");

        ObjectNode wrongType = github();
        ((ObjectNode) wrongType.at("/jobs/report")).putArray("timeout-minutes").add(30);
        assertRejected(GITHUB_SCHEMA, wrongType, "timeout-minutes");

        ObjectNode gitlabUnknownKey = gitlab();
        ((ObjectNode) gitlabUnknownKey.get("shard")).putArray("scirpt").add("true");
        assertRejected(GITLAB_SCHEMA, gitlabUnknownKey, "scirpt");

        ObjectNode gitlabWrongType = gitlab();
        ((ObjectNode) gitlabWrongType.get("shard")).put("parallel", "four");
        assertRejected(GITLAB_SCHEMA, gitlabWrongType, "parallel");
    }

    /** A renamed class or key would leave the pipelines valid YAML that fails on its first run. */
    @Test
    void everyMainClassAndStageTheyNameExists() throws Exception {
        for (String file : new String[] {".github/workflows/adammeme.yml", ".gitlab-ci.yml"}) {
            String text = Files.readString(ROOT.resolve(file));
            Matcher main = Pattern.compile("-Dexec\\.mainClass=([\\w.]+)").matcher(text);
            int mains = 0;
            while (main.find()) {
                mains++;
                assertTrue(
                        Modifier.isStatic(Class.forName(main.group(1))
                                .getMethod("main", String[].class)
                                .getModifiers()),
                        file + ": " + main.group(1));
            }
            assertTrue(mains >= 2, file + " merges and gates through the library's commands");
            Matcher stage = Pattern.compile("-Dadammeme\\.stages=(\\w+)").matcher(text);
            Set<String> stages = new TreeSet<>();
            while (stage.find()) {
                stages.add(Stages.parse(stage.group(1)).name());
            }
            assertEquals(Set.of("MINING", "SCORING"), stages, file + ": mines once, then the shards score");
        }
    }

    /**
     * A tag can be moved, or never have existed (a workflow naming {@code setup-java@v6} fails every job at
     * "Set up job" if there is none): every action is pinned to a full commit, with the release it is.
     */
    @Test
    void githubActionsArePinnedToACommitNamedByItsRelease() throws IOException {
        assertPinned(Files.readAllLines(ROOT.resolve(".github/workflows/adammeme.yml")), 8);
        assertPinned(block(USERS_GITHUB).lines().toList(), 8);
    }

    private static final Pattern USES = Pattern.compile("uses:\\s*(\\S+)(.*)");
    private static final Pattern PINNED = Pattern.compile("([\\w.-]+/[\\w./-]+)@([0-9a-f]{40})");
    private static final Pattern RELEASE = Pattern.compile("\\s*#\\s*(v\\d+\\.\\d+\\.\\d+)\\s*");

    private static void assertPinned(List<String> lines, int atLeast) {
        int actions = 0;
        for (String line : lines) {
            Matcher use = USES.matcher(line);
            if (use.find()) {
                actions++;
                assertTrue(PINNED.matcher(use.group(1)).matches(), "not pinned to a commit: " + line.strip());
                assertTrue(
                        RELEASE.matcher(use.group(2)).matches(), "no release named beside the commit: " + line.strip());
            }
        }
        assertTrue(actions >= atLeast, "the workflow's actions were found: " + actions);
    }

    /** Each action's commit and release, as "sha # v1.2.3"; one action pinned two ways is an error of its own. */
    private static Map<String, String> pins(List<String> lines) {
        Map<String, String> pins = new HashMap<>();
        for (String line : lines) {
            Matcher use = USES.matcher(line);
            if (use.find()) {
                Matcher pin = PINNED.matcher(use.group(1));
                Matcher release = RELEASE.matcher(use.group(2));
                assertTrue(pin.matches() && release.matches(), line);
                String now = pin.group(2) + " # " + release.group(1);
                String was = pins.put(pin.group(1), now);
                assertTrue(was == null || was.equals(now), "pinned two ways: " + pin.group(1));
            }
        }
        return pins;
    }

    /** What docs/ci.md shows is copied into users' repositories: valid for their platforms, byte for byte as shown. */
    @Test
    void theUsersPipelinesOfDocsCiFollowThePublishedSchemas() {
        List<Error> github = validate(GITHUB_SCHEMA, read(USERS_GITHUB));
        assertTrue(github.isEmpty(), () -> "github-workflow.json rejects docs/ci.md's " + USERS_GITHUB + ": " + github);
        List<Error> gitlab = validate(GITLAB_SCHEMA, read(USERS_GITLAB));
        assertTrue(gitlab.isEmpty(), () -> "GitLab's ci.json rejects docs/ci.md's " + USERS_GITLAB + ": " + gitlab);
    }

    /** One action, one release: where this repository's workflow and the users' name an action, the same commit. */
    @Test
    void theUsersWorkflowPinsEveryActionAsThisRepositorysDoes() throws IOException {
        Map<String, String> ours = pins(Files.readAllLines(ROOT.resolve(".github/workflows/adammeme.yml")));
        Map<String, String> theirs = pins(block(USERS_GITHUB).lines().toList());
        assertTrue(
                theirs.keySet()
                        .containsAll(List.of(
                                "actions/checkout",
                                "actions/setup-java",
                                "actions/cache/restore",
                                "actions/cache/save",
                                "actions/upload-artifact")),
                theirs::toString);
        theirs.forEach((action, pin) -> {
            if (ours.containsKey(action)) {
                assertEquals(ours.get(action), pin, action + " in docs/ci.md against .github/workflows/adammeme.yml");
            }
        });
    }

    /** The job's status is the release decision, and what explains it survives a failed one. */
    @Test
    void theUsersPipelinesFailOnTheDecisionAndKeepTheReportsAndTheCacheWhenItFails() {
        JsonNode workflow = read(USERS_GITHUB);
        String baseline = workflow.at("/env/ADAMMEME_BASELINE").asText();
        Matcher target = Pattern.compile("\\$\\{\\{ inputs\\.baseline \\|\\| '(cache:[^']+)' }}")
                .matcher(baseline);
        assertTrue(target.matches(), "a run's baseline is the input given by hand, else the last release: " + baseline);
        assertEquals(
                "string",
                workflow.at("/on/workflow_dispatch/inputs/baseline/type").asText());
        assertTrue(workflow.at("/env/ADAMMEME_JUNIT_REF").asText().matches("[0-9a-f]{40}"), "a full commit SHA");
        JsonNode job = workflow.at("/jobs/release-gate");
        assertFalse(job.has("continue-on-error"), "a failed decision must fail the job");
        boolean decides = false;
        Set<String> keptAlways = new TreeSet<>();
        for (JsonNode step : job.get("steps")) {
            assertFalse(
                    step.path("continue-on-error").asBoolean(false), "a failed decision must fail the job: " + step);
            String run = step.path("run").asText();
            if (run.contains("mvn -B -ntp verify \"$@\"")) {
                decides = true;
                assertFalse(step.has("if"), "the decision runs on every push");
            }
            String uses = step.path("uses").asText();
            if (uses.startsWith("actions/upload-artifact@")
                    || uses.startsWith("actions/cache/save@")
                            && step.at("/with/path").asText().equals(".adammeme")
                    || run.contains("$GITHUB_STEP_SUMMARY")) {
                assertEquals("always()", step.path("if").asText(), "kept when the decision fails: " + step);
                keptAlways.add(
                        uses.isEmpty() ? "job summary" : step.at("/with/path").asText());
            }
        }
        assertTrue(decides, "the workflow runs mvn verify with the baseline");
        assertEquals(
                Set.of("job summary", ".adammeme", "target/adammeme", "target/site/allure-maven-plugin"), keptAlways);

        JsonNode pipeline = read(USERS_GITLAB);
        assertEquals(
                target.group(1),
                pipeline.at("/variables/ADAMMEME_BASELINE/value").asText(),
                "both hold the same target");
        assertEquals(
                workflow.at("/env/ADAMMEME_JUNIT_REF").asText(),
                pipeline.at("/variables/ADAMMEME_JUNIT_REF").asText());
        JsonNode gate = pipeline.get("release-gate");
        assertFalse(gate.path("allow_failure").asBoolean(false), "a failed decision must fail the pipeline");
        assertTrue(scripts(gate).contains("mvn -B -ntp verify \"$@\""), "the job runs mvn verify with the baseline");
        assertEquals("always", gate.at("/artifacts/when").asText());
        assertEquals(
                List.of("target/adammeme/", "target/site/allure-maven-plugin/"),
                YAML.convertValue(gate.at("/artifacts/paths"), List.class));
        JsonNode state = StreamSupport.stream(gate.get("cache").spliterator(), false)
                .filter(c -> c.get("paths").toString().contains(".adammeme/"))
                .findFirst()
                .orElseThrow();
        assertEquals("always", state.path("when").asText(), "the call cache is saved whatever the decision");
    }

    /** The pinned adammeme-junit commit is one of this repository's, when the checkout has the history to tell. */
    @Test
    void theUsersPipelinesBuildACommitOfThisRepository() throws Exception {
        String ref = read(USERS_GITHUB).at("/env/ADAMMEME_JUNIT_REF").asText();
        Assumptions.assumeTrue(Files.exists(ROOT.resolve(".git")), "not a git checkout");
        Process shallow = new ProcessBuilder("git", "rev-parse", "--is-shallow-repository")
                .directory(ROOT.toFile())
                .start();
        Assumptions.assumeTrue(
                new String(shallow.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                        .strip()
                        .equals("false"),
                "a shallow clone lacks the history");
        Process known = new ProcessBuilder("git", "cat-file", "-e", ref + "^{commit}")
                .directory(ROOT.toFile())
                .redirectErrorStream(true)
                .start();
        assertEquals(
                0,
                known.waitFor(),
                "docs/ci.md pins adammeme-junit " + ref + ", which is no commit of this repository");
    }

    /** A script that bash cannot read fails only on the platform, after the push. */
    @Test
    void theUsersPipelinesScriptsAreBash() throws Exception {
        List<String> scripts = new ArrayList<>();
        read(USERS_GITHUB).at("/jobs/release-gate/steps").forEach(step -> {
            if (step.has("run")) {
                scripts.add(step.get("run").asText());
            }
        });
        JsonNode gate = read(USERS_GITLAB).get("release-gate");
        for (String key : List.of("script", "after_script")) {
            gate.path(key).forEach(line -> scripts.add(line.asText()));
        }
        assertTrue(scripts.size() >= 5, "the scripts were found: " + scripts.size());
        for (String script : scripts) {
            Process bash =
                    new ProcessBuilder("bash", "-n").redirectErrorStream(true).start();
            bash.getOutputStream().write(script.getBytes(StandardCharsets.UTF_8));
            bash.getOutputStream().close();
            String said = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, bash.waitFor(), () -> said + " in:\n" + script);
        }
    }

    @Test
    void githubMatrixCoversEveryShardOnce() {
        JsonNode workflow = github();
        int shards = workflow.at("/env/SHARDS").asInt();
        List<Integer> matrix = StreamSupport.stream(
                        workflow.at("/jobs/shard/strategy/matrix/shard").spliterator(), false)
                .map(JsonNode::asInt)
                .toList();
        assertEquals(
                IntStream.rangeClosed(1, shards).boxed().toList(),
                matrix,
                "the matrix must list shards 1.." + shards + " (env SHARDS), each once");

        Matcher shard = shardArgument(steps(workflow.at("/jobs/shard")));
        assertEquals("${{ matrix.shard }}", shard.group(1));
        assertEquals("$SHARDS", shard.group(2), "the shard count must be the one the merge lists");
        assertTrue(steps(workflow.at("/jobs/report")).contains("seq 1 \"$SHARDS\""), "the merge must list every shard");
    }

    @Test
    void gitlabParallelCoversEveryShardOnce() {
        JsonNode pipeline = gitlab();
        int shards = Integer.parseInt(pipeline.at("/variables/SHARDS").asText());
        assertEquals(shards, pipeline.at("/shard/parallel").asInt(), "parallel must equal the variable SHARDS");

        Matcher shard = shardArgument(scripts(job(pipeline, "shard")));
        assertEquals("$CI_NODE_INDEX", shard.group(1));
        assertEquals("$CI_NODE_TOTAL", shard.group(2));
        assertTrue(scripts(job(pipeline, "report")).contains("seq 1 \"$SHARDS\""), "the merge must list every shard");
    }

    @Test
    void bothRunTheGateOnTheMergedRunAndLetItFailThePipeline() {
        JsonNode workflow = github();
        JsonNode gate = workflow.at("/jobs/gate");
        assertGateCommand(steps(gate));
        assertTrue(StreamSupport.stream(gate.get("needs").spliterator(), false)
                .anyMatch(n -> n.asText().equals("report")));
        assertFalse(gate.has("continue-on-error"), "a failed gate must fail the workflow");
        for (JsonNode step : gate.get("steps")) {
            assertFalse(step.path("continue-on-error").asBoolean(false), "a failed gate must fail the workflow");
        }

        JsonNode pipeline = gitlab();
        JsonNode gitlabGate = job(pipeline, "gate");
        assertGateCommand(scripts(gitlabGate));
        assertTrue(gitlabGate.get("needs").toString().contains("\"report\""));
        assertFalse(gitlabGate.path("allow_failure").asBoolean(false), "a failed gate must fail the pipeline");
        List<String> stages = YAML.convertValue(
                pipeline.get("stages"), YAML.getTypeFactory().constructCollectionType(List.class, String.class));
        assertEquals(stages.size() - 1, stages.indexOf(gitlabGate.get("stage").asText()), "the gate runs last");
    }

    @Test
    void bothEvaluateAgainstAPostgresServiceWithoutCredentialsInTheUrl() {
        JsonNode workflow = github();
        for (String name : List.of("mine", "shard")) {
            JsonNode postgres = workflow.at("/jobs/" + name + "/services/postgres");
            assertTrue(postgres.path("image").asText().startsWith("postgres:"), name + " starts a postgres service");
            assertTrue(
                    postgres.path("options").asText().contains("--health-cmd"),
                    name + "'s postgres has a health check");
        }
        assertCacheUrl(workflow.at("/env/ADAMMEME_CACHE").asText());
        assertTrue(steps(workflow.at("/jobs/shard")).contains("-Dadammeme.cache=\"$ADAMMEME_CACHE\""));
        assertTrue(steps(workflow.at("/jobs/mine")).contains("-Dadammeme.stages=mining"));

        JsonNode pipeline = gitlab();
        for (String name : List.of("mine", "shard")) {
            JsonNode services = job(pipeline, name).path("services");
            assertTrue(
                    StreamSupport.stream(services.spliterator(), false)
                            .anyMatch(s -> s.path("name").asText(s.asText()).startsWith("postgres:")),
                    name + " starts a postgres service");
        }
        assertCacheUrl(pipeline.at("/variables/ADAMMEME_CACHE").asText());
        assertTrue(scripts(job(pipeline, "shard")).contains("-Dadammeme.cache=\"$ADAMMEME_CACHE\""));
        assertTrue(scripts(job(pipeline, "mine")).contains("-Dadammeme.stages=mining"));
    }

    private static void assertGateCommand(String commands) {
        assertTrue(
                commands.contains("exec:java")
                        && commands.contains("-Dexec.mainClass=io.github.adammeme.cli.Main")
                        && commands.contains("-Dexec.args=\"gate merged/ "),
                () -> "no gate command in: " + commands);
    }

    private static void assertCacheUrl(String url) {
        // The user and password come from PGUSER and PGPASSWORD; the engine refuses a URL that carries them.
        assertTrue(url.matches("jdbc:postgresql://[A-Za-z0-9.-]+:5432/[A-Za-z0-9_]+"), () -> "cache URL " + url);
    }

    private static void assertRejected(String schema, JsonNode pipeline, String culprit) {
        List<Error> errors = validate(schema, pipeline);
        assertFalse(errors.isEmpty(), "a broken copy (" + culprit + ") passed the schema");
        assertTrue(
                errors.stream().anyMatch(e -> e.toString().contains(culprit)),
                () -> "rejected, but not for " + culprit + ": " + errors);
    }

    private static List<Error> validate(String schemaId, JsonNode pipeline) {
        Schema schema = SCHEMAS.getSchema(SchemaLocation.of(schemaId));
        try {
            return schema.validate(JSON.writeValueAsString(pipeline), InputFormat.JSON);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Matcher shardArgument(String commands) {
        Matcher m = SHARD_ARG.matcher(commands);
        assertTrue(m.find(), () -> "no -Dadammeme.shard=I/N in: " + commands);
        return m;
    }

    /** The run commands of a GitHub job's steps, one after another. */
    private static String steps(JsonNode job) {
        List<String> runs = new ArrayList<>();
        job.path("steps").forEach(step -> runs.add(step.path("run").asText()));
        return String.join("\n", runs);
    }

    /** A GitLab job with the keys of the hidden jobs it extends, as GitLab merges them (one level). */
    private static JsonNode job(JsonNode pipeline, String name) {
        JsonNode own = pipeline.get(name);
        assertNotNull(own, "no job " + name);
        ObjectNode merged = YAML.createObjectNode();
        JsonNode extended = own.path("extends");
        List<JsonNode> parents = extended.isArray()
                ? StreamSupport.stream(extended.spliterator(), false).toList()
                : extended.isMissingNode() ? List.of() : List.of(extended);
        parents.forEach(parent -> merged.setAll((ObjectNode) pipeline.get(parent.asText())));
        merged.setAll((ObjectNode) own);
        return merged;
    }

    private static String scripts(JsonNode job) {
        List<String> lines = new ArrayList<>();
        for (String key : List.of("before_script", "script")) {
            job.path(key).forEach(line -> lines.add(line.asText()));
        }
        return String.join("\n", lines);
    }

    /** The file names docs/ci.md gives its pipelines, each on the line before its block. */
    private static final String USERS_GITHUB = ".github/workflows/release-gate.yml";

    private static final String USERS_GITLAB = ".gitlab-ci.yml";

    /** The fenced block after the line naming {@code path} in backticks, as the README names its project's files. */
    static String block(String path) {
        List<String> lines;
        try {
            lines = Files.readAllLines(ROOT.resolve("docs/ci.md"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int at = lines.indexOf("`" + path + "`:");
        assertTrue(at >= 0, "docs/ci.md names no file " + path + " before a code block");
        int open = at + 1;
        while (!lines.get(open).startsWith("```")) {
            open++;
        }
        int close = open + 1;
        while (!lines.get(close).startsWith("```")) {
            close++;
        }
        return String.join("\n", lines.subList(open + 1, close)) + "\n";
    }

    private static ObjectNode read(String usersFile) {
        try {
            return (ObjectNode) YAML.readTree(block(usersFile));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode github() {
        return read(ROOT.resolve(".github/workflows/adammeme.yml"));
    }

    private static ObjectNode gitlab() {
        return read(ROOT.resolve(".gitlab-ci.yml"));
    }

    private static ObjectNode read(Path file) {
        try {
            return (ObjectNode) YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = PipelineSchemaTest.class.getClassLoader().getResourceAsStream(name)) {
            assertNotNull(in, name + " is missing from the test classpath");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Surefire runs in the module folder; the pipelines sit at the top of the project. */
    private static Path projectRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(".gitlab-ci.yml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no .gitlab-ci.yml above " + Path.of("").toAbsolutePath());
    }
}
