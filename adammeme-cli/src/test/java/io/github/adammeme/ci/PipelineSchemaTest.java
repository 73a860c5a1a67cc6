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
import io.github.adammeme.internal.pipeline.Stages;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The CI pipelines against the JSON schemas their platforms publish (SchemaStore's for GitHub Actions,
 * GitLab's own for GitLab CI; see src/test/resources/ci-schemas/README.md), and the few things a user of
 * them relies on: every shard runs, against a PostgreSQL service, and the gate can fail the pipeline.
 */
class PipelineSchemaTest {

    private static final String GITHUB_SCHEMA = "https://json.schemastore.org/github-workflow.json";
    private static final String GITLAB_SCHEMA = "https://gitlab.com/.gitlab-ci.yml";
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final ObjectMapper JSON = new ObjectMapper();

    // Registered by their $id from the test classpath: validation never goes to the network.
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7,
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
                assertTrue(Modifier.isStatic(Class.forName(main.group(1))
                        .getMethod("main", String[].class).getModifiers()), file + ": " + main.group(1));
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
        Pattern uses = Pattern.compile("uses:\\s*(\\S+)(.*)");
        Pattern pinned = Pattern.compile("[\\w.-]+/[\\w./-]+@[0-9a-f]{40}");
        Pattern release = Pattern.compile("\\s*#\\s*v\\d+\\.\\d+\\.\\d+\\s*");
        List<String> lines = Files.readAllLines(ROOT.resolve(".github/workflows/adammeme.yml"));
        int actions = 0;
        for (String line : lines) {
            Matcher use = uses.matcher(line);
            if (use.find()) {
                actions++;
                assertTrue(pinned.matcher(use.group(1)).matches(), "not pinned to a commit: " + line.strip());
                assertTrue(release.matcher(use.group(2)).matches(), "no release named beside the commit: " + line.strip());
            }
        }
        assertTrue(actions >= 8, "the workflow's actions were found: " + actions);
    }

    @Test
    void githubMatrixCoversEveryShardOnce() {
        JsonNode workflow = github();
        int shards = workflow.at("/env/SHARDS").asInt();
        List<Integer> matrix = StreamSupport.stream(workflow.at("/jobs/shard/strategy/matrix/shard").spliterator(), false)
                .map(JsonNode::asInt).toList();
        assertEquals(IntStream.rangeClosed(1, shards).boxed().toList(), matrix,
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
        assertTrue(StreamSupport.stream(gate.get("needs").spliterator(), false).anyMatch(n -> n.asText().equals("report")));
        assertFalse(gate.has("continue-on-error"), "a failed gate must fail the workflow");
        for (JsonNode step : gate.get("steps")) {
            assertFalse(step.path("continue-on-error").asBoolean(false), "a failed gate must fail the workflow");
        }

        JsonNode pipeline = gitlab();
        JsonNode gitlabGate = job(pipeline, "gate");
        assertGateCommand(scripts(gitlabGate));
        assertTrue(gitlabGate.get("needs").toString().contains("\"report\""));
        assertFalse(gitlabGate.path("allow_failure").asBoolean(false), "a failed gate must fail the pipeline");
        List<String> stages = YAML.convertValue(pipeline.get("stages"), YAML.getTypeFactory()
                .constructCollectionType(List.class, String.class));
        assertEquals(stages.size() - 1, stages.indexOf(gitlabGate.get("stage").asText()), "the gate runs last");
    }

    @Test
    void bothEvaluateAgainstAPostgresServiceWithoutCredentialsInTheUrl() {
        JsonNode workflow = github();
        for (String name : List.of("mine", "shard")) {
            JsonNode postgres = workflow.at("/jobs/" + name + "/services/postgres");
            assertTrue(postgres.path("image").asText().startsWith("postgres:"), name + " starts a postgres service");
            assertTrue(postgres.path("options").asText().contains("--health-cmd"), name + "'s postgres has a health check");
        }
        assertCacheUrl(workflow.at("/env/ADAMMEME_CACHE").asText());
        assertTrue(steps(workflow.at("/jobs/shard")).contains("-Dadammeme.cache=\"$ADAMMEME_CACHE\""));
        assertTrue(steps(workflow.at("/jobs/mine")).contains("-Dadammeme.stages=mining"));

        JsonNode pipeline = gitlab();
        for (String name : List.of("mine", "shard")) {
            JsonNode services = job(pipeline, name).path("services");
            assertTrue(StreamSupport.stream(services.spliterator(), false)
                    .anyMatch(s -> s.path("name").asText(s.asText()).startsWith("postgres:")), name + " starts a postgres service");
        }
        assertCacheUrl(pipeline.at("/variables/ADAMMEME_CACHE").asText());
        assertTrue(scripts(job(pipeline, "shard")).contains("-Dadammeme.cache=\"$ADAMMEME_CACHE\""));
        assertTrue(scripts(job(pipeline, "mine")).contains("-Dadammeme.stages=mining"));
    }

    private static void assertGateCommand(String commands) {
        assertTrue(commands.contains("exec:java") && commands.contains("-Dexec.mainClass=io.github.adammeme.cli.Main")
                && commands.contains("-Dexec.args=\"gate merged/ "), () -> "no gate command in: " + commands);
    }

    private static void assertCacheUrl(String url) {
        // The user and password come from PGUSER and PGPASSWORD; the engine refuses a URL that carries them.
        assertTrue(url.matches("jdbc:postgresql://[A-Za-z0-9.-]+:5432/[A-Za-z0-9_]+"), () -> "cache URL " + url);
    }

    private static void assertRejected(String schema, JsonNode pipeline, String culprit) {
        List<Error> errors = validate(schema, pipeline);
        assertFalse(errors.isEmpty(), "a broken copy (" + culprit + ") passed the schema");
        assertTrue(errors.stream().anyMatch(e -> e.toString().contains(culprit)),
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
        List<JsonNode> parents = extended.isArray() ? StreamSupport.stream(extended.spliterator(), false).toList()
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
