package io.github.adammeme.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.testing.RelayEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * A release team's loop: a model is served under one name, the next version replaces it under the same name
 * (vLLM's served name, an alias moved to a new snapshot), and each release run is held against the last release.
 * The gate must ask the new version, not replay the old one's answers from the cache.
 */
class TargetVersionsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NAME = "release-model";

    @TempDir
    static Path dir;

    static Path dataset;
    /** The persona the endpoint serves under {@link #NAME} now: the version deployed. */
    static final AtomicReference<String> deployed = new AtomicReference<>();
    /** Chat requests for {@link #NAME} that reached the endpoint, the preflight's 1-token probes aside. */
    static final AtomicInteger targetCalls = new AtomicInteger();

    static RelayEndpoint endpoint;

    @BeforeAll
    static void serve() throws Exception {
        dataset = SyntheticMemes.write(dir.resolve("memes"), SyntheticMemes.CAPTIONS.size());
        endpoint = new RelayEndpoint(new RelayEndpoint.Rewrite() {
            @Override
            public RelayEndpoint.Reply intercept(String asked, JsonNode request, String authorization) {
                if (asked.equals(NAME) && request.path("max_tokens").asInt(0) != 1) {
                    targetCalls.incrementAndGet();
                }
                return null;
            }

            @Override
            public String model(String asked) {
                return asked.equals(NAME) ? deployed.get() : asked;
            }

            @Override
            public void fields(String asked, ObjectNode response) {
                response.put("system_fingerprint", "fp_" + deployed.get().substring("sim:".length()));
            }

            @Override
            public String answer(String asked, String prompt, JsonNode request, ObjectNode choice, String content) {
                return content;
            }
        });
    }

    @AfterAll
    static void stop() {
        endpoint.close();
    }

    /** A release run of the version deployed now, on the shared cache, gated on the last release when one is named. */
    private static EngineExecutionResults release(String version, String out, String... config) {
        deployed.set(version);
        targetCalls.set(0);
        String[] all = new String[config.length + 6];
        all[0] = "adammeme.target.model";
        all[1] = NAME;
        all[2] = "adammeme.target.base-url";
        all[3] = endpoint.baseUrl();
        // Each test's releases on a cache of their own: one test's runs are no release of the other's.
        all[4] = "adammeme.cache";
        all[5] = dir.resolve(out.charAt(0) + ".db").toString();
        System.arraycopy(config, 0, all, 6, config.length);
        return EngineRuns.keywordSuite(dataset, dir, out, all);
    }

    private static JsonNode targetAnswers(String out) throws Exception {
        return JSON.readTree(dir.resolve(out).resolve("summary.json").toFile()).at("/run/targetAnswers");
    }

    /** Every probe of the run was put to the target now, once: none of its answers came from an earlier run. */
    private static void askedAfresh(String out) throws Exception {
        JsonNode summary =
                JSON.readTree(dir.resolve(out).resolve("summary.json").toFile());
        JsonNode answers = summary.at("/run/targetAnswers");
        int probes = summary.at("/memes/sampledPairs").asInt()
                + summary.at("/memes/refinedSamples").asInt();
        assertThat(targetCalls.get())
                .as("target calls counted at the endpoint")
                .isPositive()
                .isEqualTo(answers.path("asked").asInt());
        // A probe asked twice in one run (the same text on the same picture) is this run's own answer, reused.
        assertThat(answers.path("asked").asInt() + answers.path("fromCache").asInt())
                .isEqualTo(probes);
        assertThat(answers.path("keptFor").asText()).isEqualTo("the run's own, asked afresh");
    }

    @Test
    void aNewVersionUnderTheSameNameIsAskedAfreshAndItsRegressionFailsTheRelease() throws Exception {
        release("sim:oracle", "v1");
        askedAfresh("v1");
        assertThat(targetAnswers("v1").at("/answeredAs/0/systemFingerprint").asText())
                .isEqualTo("fp_oracle");

        EngineExecutionResults v2 = release("sim:keyword", "v2", "adammeme.baseline", "cache:" + NAME);
        askedAfresh("v2");
        assertThat(targetAnswers("v2").at("/answeredAs/0/systemFingerprint").asText())
                .isEqualTo("fp_keyword");
        v2.testEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                test(),
                                displayName("against the baseline: overall"),
                                finishedWithFailure(
                                        message(m -> m.startsWith("significant regression in overall against " + NAME)
                                                && m.contains("McNemar exact test")))));

        // baseline.md says what answered in each run: the same name, another fingerprint.
        assertThat(Files.readString(dir.resolve("v2").resolve("baseline.md")))
                .contains("This run's target answers: the run's own, asked afresh; ")
                .contains("fp\\_keyword")
                .contains("its target answers: the run's own, asked afresh; ")
                .contains("fp\\_oracle");

        // The rejected v2 is no baseline: v1 again is held against v1's run, and passes.
        EngineExecutionResults again = release("sim:oracle", "v1-again", "adammeme.baseline", "cache:" + NAME);
        askedAfresh("v1-again");
        again.testEvents()
                .assertThatEvents()
                .haveExactly(1, event(test(), displayName("against the baseline: overall"), finishedSuccessfully()));
        again.testEvents()
                .assertThatEvents()
                .noneMatch(e -> e.getTestDescriptor().getDisplayName().startsWith("against the baseline")
                        && e.getPayload(TestExecutionResult.class)
                                .map(r -> r.getStatus() == TestExecutionResult.Status.FAILED)
                                .orElse(false));
    }

    @Test
    void aDeclaredRevisionKeepsItsAnswersForTheNextRunThatDeclaresIt() throws Exception {
        release("sim:oracle", "r1", "adammeme.target.revision", "sha256:aaaa");
        int first = targetCalls.get();
        assertThat(first).isPositive();
        assertThat(targetAnswers("r1").path("revision").asText()).isEqualTo("sha256:aaaa");

        release("sim:oracle", "r1-again", "adammeme.target.revision", "sha256:aaaa");
        assertThat(targetCalls.get())
                .as("target calls of a run that declares the same revision")
                .isZero();
        assertThat(targetAnswers("r1-again").path("fromCache").asInt()).isPositive();
        assertThat(targetAnswers("r1-again").path("keptFor").asText()).startsWith("revision sha256:aaaa's");

        release("sim:oracle", "r2", "adammeme.target.revision", "sha256:bbbb");
        assertThat(targetCalls.get()).as("another revision is asked afresh").isEqualTo(first);
    }
}
