package io.github.adammeme.internal.pipeline.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.RoleImages;
import io.github.adammeme.internal.erasure.TextErasure;
import io.github.adammeme.internal.llm.ImageDetail;
import io.github.adammeme.internal.llm.StructuredOutput;
import io.github.adammeme.internal.llm.cost.Prices;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.pipeline.NewCategoryVote;
import io.github.adammeme.internal.pipeline.RefinementOrder;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.text.Secrets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

public class EvaluationConfigTest {

    /** The keys of a run of memes.jsonl, with these set besides. */
    public static Map<String, String> with(String... pairs) {
        Map<String, String> m = new HashMap<>();
        m.put(Constants.DATASET, "memes.jsonl");
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return m;
    }

    @Test
    void datasetsAreNamedAsAnotherCheckoutOfTheProjectNamesThem() {
        String inside = Path.of("")
                .toAbsolutePath()
                .resolve("target")
                .resolve("b.jsonl")
                .toString();
        EvaluationConfig c =
                EvaluationConfig.from(with(Constants.DATASET, "memes/a.jsonl, " + inside + ", /elsewhere/c.jsonl"));
        assertEquals("memes/a.jsonl, target/b.jsonl, /elsewhere/c.jsonl", c.datasetKey());
    }

    @Test
    void aDeclaredRevisionIsOneShortVisibleIdOfOneTarget() {
        assertEquals(
                "sha256:4f2a",
                EvaluationConfig.from(with(Constants.TARGET_REVISION, " sha256:4f2a "))
                        .models()
                        .targetRevision());
        assertNull(EvaluationConfig.from(with()).models().targetRevision(), "undeclared: the run's own answers");
        ConfigurationException spaced = assertThrows(
                ConfigurationException.class, () -> EvaluationConfig.from(with(Constants.TARGET_REVISION, "v2 final")));
        assertTrue(
                spaced.getMessage()
                        .startsWith("configuration key 'adammeme.target.revision' has value 'v2 final':"
                                + " expected an id of at most 200 visible characters without spaces"),
                spaced.getMessage());
        ConfigurationException forged = assertThrows(
                ConfigurationException.class,
                () -> EvaluationConfig.from(with(Constants.TARGET_REVISION, "v2\nrelease decision: PASSED")));
        assertFalse(
                forged.getMessage().contains("\n"), "a line break never reaches the console: " + forged.getMessage());
    }

    @Test
    void defaultsFollowThePaperAndRunOnTheSimulator() {
        EvaluationConfig c = EvaluationConfig.from(with());
        assertEquals("sim:keyword", c.models().target().model());
        assertEquals("sim:agent", c.models().controller().model());
        assertNull(c.models().target().baseUrl());
        assertTrue(c.simulated());
        assertEquals(4.0, c.method().threshold());
        assertEquals(200, c.method().samplesPerCategory());
        assertEquals(10, c.method().seeds());
        assertEquals(10, c.method().iterations());
        assertEquals(0.0, c.models().targetTemperature());
        assertTrue(c.method().refusalCountsAsFailure());
    }

    /** The departure every run names: the prompts' wording, which no switch undoes. */
    public static final String PROMPTS = "the prompts' wording: the packaged prompts, the paper's instructions in this"
            + " project's own words (the paper's: its figures 6 to 13, not this project's to copy)";

    private static final String NO_ERASURE = "no text erasure: adammeme.text-erasure=none (the paper's:"
            + " adammeme.text-erasure=" + Departure.ERASURE_ON + ")";

    @Test
    void theDefaultsNameEachDepartureFromThePaperWithItsSettingAndThePapers() {
        EvaluationConfig c = EvaluationConfig.from(with(Constants.TEXT_ERASURE, "none"));
        assertEquals("default", c.methodName());
        assertEquals(
                List.of(
                        NO_ERASURE,
                        "pictures shrunk, agents at low detail: adammeme.image.max-side=768; detail miner low, examiner low,"
                                + " narrator low, candidate low, senior low, scorer low, refiner low (the paper's:"
                                + " adammeme.image.detail=auto, adammeme.image.max-side=2048)",
                        "the meme text beside the picture for the Miners, Examiner and Narrator: adammeme.mining.meme-text=true"
                                + " (the paper's: adammeme.mining.meme-text=false)",
                        "JSON schemas: adammeme.structured-output=auto (the paper's: adammeme.structured-output=off)",
                        "a cap on every answer's tokens: adammeme.max-tokens=1024 (the paper's: adammeme.max-tokens=none)",
                        "mining in batches: adammeme.mining.batch-size=32, adammeme.mining.lookahead=2 (the paper's:"
                                + " adammeme.mining.batch-size=1, adammeme.mining.lookahead=0)",
                        "refusals told apart from analyses: adammeme.refusal-detection=true, adammeme.refusal-counts-as-failure=true"
                                + " (the paper's: adammeme.refusal-detection=false)",
                        "decimal ratings asked again: adammeme.rating.decimals=reject (the paper's: adammeme.rating.decimals=read)",
                        "refinement in rounds: adammeme.refinement.order=rounds (the paper's: adammeme.refinement.order=paper)",
                        "retrieval on content words, the case itself left out: adammeme.refinement.retrieval=content-words (the"
                                + " paper's: adammeme.refinement.retrieval=paper)",
                        "the Refiner shown the erased picture: adammeme.refinement.picture=erased (the paper's:"
                                + " adammeme.refinement.picture=original)",
                        "a second judge: adammeme.judge.recheck=0.1 (the paper's: adammeme.judge.recheck=0)",
                        PROMPTS),
                c.departures());
        assertEquals(NewCategoryVote.MAJORITY, c.method().newCategoryVote(), "the paper's vote rule by default");
    }

    @Test
    void thePaperMethodSetsEveryDepartingKeyThatIsNotSet() {
        EvaluationConfig c = EvaluationConfig.from(with(Constants.METHOD, "Paper", Constants.TEXT_ERASURE, "none"));
        assertEquals("paper", c.methodName());
        assertEquals(RefinementOrder.PAPER, c.method().refinementOrder());
        assertEquals(1, c.method().miningBatchSize());
        assertEquals(0, c.method().miningLookahead());
        assertEquals(StructuredOutput.OFF, c.models().structuredOutput());
        assertEquals(0.0, c.method().judgeRecheck());
        assertEquals(2048, c.images().maxSide());
        for (String role : RoleImages.ROLES) {
            assertEquals(ImageDetail.AUTO, c.images().roles().detail(role), role);
        }
        // a key set explicitly keeps its value, and the run says it departs
        assertEquals(List.of(NO_ERASURE, PROMPTS), c.departures());
        EvaluationConfig rounds = EvaluationConfig.from(with(
                Constants.METHOD,
                "paper",
                Constants.TEXT_ERASURE,
                "none",
                Constants.REFINEMENT_ORDER,
                "rounds",
                Constants.SEEDS,
                "1",
                Constants.MINING_BATCH,
                "1"));
        assertEquals(RefinementOrder.ROUNDS, rounds.method().refinementOrder());
        assertEquals(
                List.of(
                        NO_ERASURE,
                        "refinement in rounds: adammeme.refinement.order=rounds (the paper's: adammeme.refinement.order=paper)",
                        "another number of seeds: adammeme.seeds=1 (the paper's: adammeme.seeds=10)",
                        PROMPTS),
                rounds.departures());
    }

    /** The core's tests run without adammeme-erasure, as a build that excludes it does (its own tests run with it). */
    @Test
    void withoutTheEraserModuleARunErasesNothingAndSaysSoButAnEraserAskedForIsAnError() {
        EvaluationConfig c = EvaluationConfig.from(with());
        assertEquals(TextErasure.Mode.NONE, c.images().textErasure().mode());
        assertTrue(c.images().textErasure().absent());
        assertTrue(c.departures().contains(NO_ERASURE), c.departures().toString());
        assertTrue(
                c.images().textErasure().describe().contains(TextErasure.MODULE + " is not on the classpath"),
                c.images().textErasure().describe());
        assertFalse(EvaluationConfig.from(with(Constants.TEXT_ERASURE, "none"))
                .images()
                .textErasure()
                .absent());

        ConfigurationException builtin = assertThrows(
                ConfigurationException.class, () -> EvaluationConfig.from(with(Constants.TEXT_ERASURE, "builtin")));
        assertEquals(Constants.TEXT_ERASURE, builtin.key());
        assertTrue(
                builtin.getMessage().contains("the built-in eraser needs " + TextErasure.MODULE + " on the classpath"),
                builtin.getMessage());
        ConfigurationException paper = assertThrows(
                ConfigurationException.class, () -> EvaluationConfig.from(with(Constants.METHOD, "paper")));
        assertEquals(Constants.METHOD, paper.key(), "the user set the method, which asks for the eraser");
        assertTrue(paper.getMessage().contains(TextErasure.MODULE), paper.getMessage());
        assertTrue(
                paper.getMessage().contains("adammeme.method=paper sets adammeme.text-erasure=builtin"),
                paper.getMessage());
    }

    @Test
    void thePaperMethodBlamesOnlyKeysTheUserWrote(@TempDir Path dir) {
        // an eraser the user chose that cannot start is their key's error, not the method's
        ConfigurationException e = assertThrows(
                ConfigurationException.class,
                () -> EvaluationConfig.from(with(
                        Constants.METHOD,
                        "paper",
                        Constants.TEXT_ERASURE,
                        "precomputed",
                        Constants.TEXT_ERASURE_DIR,
                        dir.resolve("missing").toString())));
        assertEquals(Constants.TEXT_ERASURE_DIR, e.key(), "the key the user set, not the method that set others");
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
        ConfigurationException unknown = assertThrows(
                ConfigurationException.class, () -> EvaluationConfig.from(with(Constants.METHOD, "reference-code")));
        assertEquals(Constants.METHOD, unknown.key());
        assertTrue(unknown.getMessage().contains("expected default"), unknown.getMessage());
    }

    @Test
    void theReferenceCodesVoteOnNewCategoriesIsASwitchAndADeparture() {
        EvaluationConfig c = EvaluationConfig.from(with(
                Constants.METHOD, "paper", Constants.TEXT_ERASURE, "none", Constants.NEW_CATEGORY_VOTE, "proposer"));
        assertEquals(NewCategoryVote.PROPOSER, c.method().newCategoryVote());
        assertTrue(
                c.departures()
                        .contains(
                                "one Miner's proposal puts its meme in a new category:"
                                        + " adammeme.mining.new-category-vote=proposer (the paper's: adammeme.mining.new-category-vote=majority)"),
                c.departures().toString());
    }

    @Test
    void aRealModelWithoutAUrlMeansOpenAiWithItsUsualKeyVariable() {
        EvaluationConfig c = EvaluationConfig.from(with(Constants.TARGET_MODEL, "gpt-4o"));
        assertEquals(EvaluationConfig.OPENAI_BASE_URL, c.models().target().baseUrl());
        assertEquals("OPENAI_API_KEY", c.models().target().apiKeyEnv());
        assertFalse(c.models().target().simulated());
        EvaluationConfig vllm = EvaluationConfig.from(with(
                Constants.TARGET_MODEL,
                "Qwen/Qwen2-VL-7B-Instruct",
                Constants.TARGET_BASE_URL,
                "http://localhost:8000/v1"));
        assertNull(vllm.models().target().apiKeyEnv(), "a local server needs no key");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "adammeme.threshold|high|expected a number from 1.0 to 10.0",
                "adammeme.threshold|11|expected a number from 1.0 to 10.0",
                "adammeme.concurrency|0|expected a whole number from 1 to 1024",
                "adammeme.seeds|ten|expected a whole number",
                "adammeme.refusal-counts-as-failure|maybe|expected true or false",
                "adammeme.target.base-url|localhost:8000|expected an http:// or https:// URL",
                "adammeme.dataset.format|csv|allowed: auto, fhm, harmeme, mami, folder",
                "adammeme.text-erasure|magic|allowed: builtin, none, precomputed",
                "adammeme.refined-text|poster|allowed: prompt, image, both",
                "adammeme.image.max-pixels|12|expected a pixel count of at least 1024"
            })
    void aBadValueNamesTheKeyTheValueAndWhatIsAllowed(String key, String value, String allowed) {
        rejected(key, value, allowed);
    }

    /** A value that stops the run with one line naming the key, the value and what is allowed. */
    public static void rejected(String key, String value, String allowed) {
        ConfigurationException e =
                assertThrows(ConfigurationException.class, () -> EvaluationConfig.from(with(key, value)));
        assertEquals(key, e.key());
        assertTrue(
                e.getMessage().contains("'" + key + "'")
                        && e.getMessage().contains("'" + value + "'")
                        && e.getMessage().contains(allowed)
                        && !e.getMessage().contains("\n"),
                e.getMessage());
    }

    @Test
    void aKeyPastedWhereItsVariablesNameBelongsIsNeverEchoed() {
        ConfigurationException e = assertThrows(
                ConfigurationException.class,
                () -> EvaluationConfig.from(with(Constants.TARGET_API_KEY_ENV, "sk-proj-Abc123Def456Ghi789")));
        assertEquals(Constants.TARGET_API_KEY_ENV, e.key());
        assertFalse(e.getMessage().contains("Abc123"), e.getMessage());
        assertTrue(
                e.getMessage().contains("'[redacted]'")
                        && e.getMessage().contains("expected the NAME of an environment" + " variable"),
                e.getMessage());
    }

    /** A key that could pass for a variable's name (gsk_..., lower case) is never printed once it is configured. */
    @Test
    void aKeyThatLooksLikeAVariablesNameIsMaskedInEverythingPrinted() {
        String pasted = "gsk_9fQ2xLmN8pR4tV6wY1zA3bC5dE7";
        EvaluationConfig.from(with(
                Constants.TARGET_MODEL,
                "llama-4",
                Constants.TARGET_BASE_URL,
                "https://api.groq.com/openai/v1",
                Constants.TARGET_API_KEY_ENV,
                pasted));
        String said = Secrets.redact("environment variable " + pasted + " (named for model llama-4) is not set");
        assertFalse(said.contains("9fQ2xLmN"), said);
        assertEquals(Secrets.redact("OPENAI_API_KEY"), "OPENAI_API_KEY", "a variable named in capitals stays readable");
    }

    @Test
    void aUrlThatDoesNotParseIsNamedWithoutItsQuery() {
        ConfigurationException e = assertThrows(
                ConfigurationException.class,
                () -> EvaluationConfig.from(with(Constants.TARGET_BASE_URL, "https://h/v 1?api_key=QUERYSECRET1")));
        assertEquals(Constants.TARGET_BASE_URL, e.key());
        assertFalse(e.getMessage().contains("QUERYSECRET1"), e.getMessage());
        assertTrue(e.getMessage().contains("'https://h/v 1?[redacted]'"), e.getMessage());
    }

    @Test
    void aPromptsFolderThatIsNotThereStopsTheConfigurationNotTheRun(@TempDir Path dir) {
        ConfigurationException e = assertThrows(
                ConfigurationException.class,
                () -> EvaluationConfig.from(
                        with(Constants.PROMPTS, dir.resolve("nowhere").toString())));
        assertEquals(Constants.PROMPTS, e.key());
    }

    @Test
    void aKeyIsNotSentOverPlainHttpToAnotherHostUnlessAllowed() {
        Map<String, String> remote = with(
                Constants.TARGET_MODEL,
                "m",
                Constants.TARGET_BASE_URL,
                "http://gpu-box:8000/v1",
                Constants.TARGET_API_KEY_ENV,
                "SOME_KEY");
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> EvaluationConfig.from(remote));
        assertEquals(Constants.TARGET_BASE_URL, e.key());
        assertTrue(
                e.getMessage().contains("would travel unencrypted")
                        && e.getMessage().contains(Constants.ALLOW_INSECURE_HTTP),
                e.getMessage());
        Map<String, String> allowed = new HashMap<>(remote);
        allowed.put(Constants.ALLOW_INSECURE_HTTP, "true");
        assertEquals(
                "http://gpu-box:8000/v1",
                EvaluationConfig.from(allowed).models().target().baseUrl());
        for (String local :
                new String[] {"http://localhost:8000/v1", "http://127.0.0.1:8000/v1", "http://[::1]:8000/v1"}) {
            assertEquals(
                    local,
                    EvaluationConfig.from(with(
                                    Constants.TARGET_MODEL,
                                    "m",
                                    Constants.TARGET_BASE_URL,
                                    local,
                                    Constants.TARGET_API_KEY_ENV,
                                    "SOME_KEY"))
                            .models()
                            .target()
                            .baseUrl());
        }
        assertEquals(
                "https://gpu-box/v1",
                EvaluationConfig.from(with(
                                Constants.TARGET_MODEL,
                                "m",
                                Constants.TARGET_BASE_URL,
                                "https://gpu-box/v1",
                                Constants.TARGET_API_KEY_ENV,
                                "SOME_KEY"))
                        .models()
                        .target()
                        .baseUrl());
    }

    @Test
    void precomputedErasureNeedsItsFolder() {
        ConfigurationException folder = assertThrows(
                ConfigurationException.class,
                () -> EvaluationConfig.from(
                        with(Constants.TEXT_ERASURE, "precomputed", Constants.TEXT_ERASURE_DIR, "no/such/folder")));
        assertEquals(Constants.TEXT_ERASURE_DIR, folder.key());
        assertTrue(folder.getMessage().contains("the folder of erased images no/such/folder does not exist"));
    }

    @Test
    void severalDatasetsAreSeparatedByCommas() {
        assertEquals(
                2,
                EvaluationConfig.from(with(Constants.DATASET, "a.jsonl, mami/training.csv"))
                        .datasets()
                        .size());
    }

    @Test
    void aDatasetIsRequired() {
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> EvaluationConfig.from(Map.of()));
        assertEquals(Constants.DATASET, e.key());
    }

    @Test
    void eachRoleSeesThePictureAtItsOwnDetailUnlessOneDetailIsSetForAll() {
        EvaluationConfig defaults = EvaluationConfig.from(with());
        assertEquals(ImageDetail.LOW, defaults.images().roles().detail("Miner"));
        assertEquals(ImageDetail.LOW, defaults.images().roles().detail("Scorer"));
        assertEquals(ImageDetail.AUTO, defaults.images().roles().detail("Target"));
        EvaluationConfig all = EvaluationConfig.from(with(
                Constants.IMAGE_DETAIL,
                "high",
                Constants.IMAGE_DETAIL_PREFIX + "scorer",
                "LOW",
                Constants.IMAGE_MAX_SIDE_PREFIX + "refiner",
                "256"));
        assertEquals(ImageDetail.HIGH, all.images().roles().detail("Narrator"));
        assertEquals(ImageDetail.LOW, all.images().roles().detail("Scorer"), "a role's own key wins");
        assertEquals(256, all.images().roles().maxSide("Refiner"));
        assertEquals(0, all.images().roles().maxSide("Miner"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "adammeme.image.detail|medium|expected low, high or auto",
                "adammeme.image.detail.scorer|sharp|expected low, high or auto",
                "adammeme.image.detail.scorrer|low|no role 'scorrer' is shown a picture",
                "adammeme.image.max-side.miner|16|",
                "adammeme.image.max-side.judge|256|no role 'judge' is shown a picture"
            })
    void aBadDetailOrSizeOrAMisspeltRoleIsNamed(String key, String value, String why) {
        ConfigurationException e =
                assertThrows(ConfigurationException.class, () -> EvaluationConfig.from(with(key, value)));
        assertTrue(e.getMessage().contains("'" + key + "' has value '" + value + "'"), e.getMessage());
        if (why != null) {
            assertTrue(e.getMessage().contains(why), e.getMessage());
        }
    }

    @Test
    void aPriceMayGiveCachedInputItsOwnRate() {
        EvaluationConfig c = EvaluationConfig.from(with(
                Constants.PRICE_PREFIX + "gpt-4o",
                "2.50,10.00,1.25",
                Constants.PRICE_PREFIX + "gpt-4o-mini",
                "0.15, 0.60"));
        assertEquals(
                new Prices.Rate(2.50, 10.00, 1.25),
                c.limits().prices().perMillion().get("gpt-4o"));
        assertEquals(
                new Prices.Rate(0.15, 0.60, 0.15),
                c.limits().prices().perMillion().get("gpt-4o-mini"));
        // 1,000 input tokens of which 400 cached, 100 output; batched at half.
        assertEquals(
                (600 * 2.50 + 400 * 1.25 + 100 * 10.00) / 1e6,
                c.limits().prices().cost("gpt-4o", new Usage(1000, 400, 100, false)),
                1e-12);
        assertEquals(
                (600 * 2.50 + 400 * 1.25 + 100 * 10.00) / 2e6,
                c.limits().prices().cost("gpt-4o", new Usage(1000, 400, 100, true)),
                1e-12);
        for (String bad : new String[] {"2.5", "2.5,10,1,0", "2.5,-1", "2.5,10,x"}) {
            assertThrows(
                    ConfigurationException.class,
                    () -> EvaluationConfig.from(with(Constants.PRICE_PREFIX + "m", bad)),
                    bad);
        }
    }

    @Test
    void replicasGoAsOneRequestUnlessTurnedOff() {
        assertTrue(EvaluationConfig.from(with()).models().replicasInOneRequest());
        assertFalse(EvaluationConfig.from(with(Constants.REPLICAS_ONE_REQUEST, "false"))
                .models()
                .replicasInOneRequest());
        ConfigurationException e = assertThrows(
                ConfigurationException.class,
                () -> EvaluationConfig.from(with(Constants.REPLICAS_ONE_REQUEST, "sometimes")));
        assertTrue(e.getMessage().contains("'adammeme.replicas.one-request' has value 'sometimes'"), e.getMessage());
    }
}
