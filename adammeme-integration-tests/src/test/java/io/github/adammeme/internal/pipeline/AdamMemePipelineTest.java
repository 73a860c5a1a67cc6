package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.Constants;
import io.github.adammeme.internal.agent.Category;
import io.github.adammeme.internal.agent.Target;
import io.github.adammeme.internal.data.JsonlDatasetLoader;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import io.github.adammeme.internal.summary.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole pipeline over real HTTP against the built-in simulator, on memes the project draws itself. */
class AdamMemePipelineTest {

    @TempDir
    static Path dir;

    static Path dataset;

    @BeforeAll
    static void drawMemes() {
        dataset = SyntheticMemes.write(dir.resolve("memes"), 2 * SyntheticMemes.CAPTIONS.size());
    }

    private static EvaluationConfig config(Path data, String target, String... more) {
        Map<String, String> values = new HashMap<>(Map.of(
                Constants.DATASET,
                data.toString(),
                Constants.TARGET_MODEL,
                target,
                Constants.SEEDS,
                "3",
                Constants.ITERATIONS,
                "4",
                Constants.CONCURRENCY,
                "8",
                Constants.MINING_BATCH,
                "10",
                Constants.CACHE,
                "memory",
                Constants.OUTPUT_DIR,
                dir.resolve("out-" + target.replace(':', '-')).toString()));
        for (int i = 0; i < more.length; i += 2) {
            values.put(more[i], more[i + 1]);
        }
        return EvaluationConfig.from(values);
    }

    private static double average(List<ScoredSample> samples) {
        return samples.stream()
                .filter(s -> s.score() != null)
                .mapToInt(ScoredSample::score)
                .average()
                .orElseThrow();
    }

    @Test
    void everyMemeIsAccountedForAndTheTaxonomyGrowsThroughExaminerAndJudge() {
        Evaluation e =
                AdamMeme.evaluate(config(dataset, "sim:keyword"), BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        List<Meme> memes = JsonlDatasetLoader.load(dataset, null);
        assertEquals(
                memes.stream().map(Meme::id).toList(),
                e.memes().stream().map(MemeOutcome::memeId).toList());
        long harmless = e.memes().stream()
                .filter(m -> m.status() == MemeOutcome.Status.HARMLESS)
                .count();
        assertTrue(harmless >= 4, "the harmless captions stay harmless: " + harmless);
        assertEquals(
                e.mined().size(),
                e.memes().stream().mapToInt(m -> m.categories().size()).sum());

        List<String> names = e.taxonomy().stream().map(Category::name).toList();
        assertEquals(List.of("race", "gender", "religion", "nationality", "disability", "animal"), names.subList(0, 6));
        assertTrue(names.containsAll(List.of("political", "misinformation")), names.toString());
        assertTrue(
                e.admissions().stream()
                        .anyMatch(a -> a.name().equals("islamophobia") && !a.admitted() && !a.judgeSaysYes()),
                "the Judge turns down a narrower duplicate of religion: " + e.admissions());
        assertNotNull(e.taxonomy().get(names.indexOf("political")).origin(), "an admitted category has its provenance");
        assertTrue(e.run().notice().contains("simulator"), e.run().notice());

        // Usage is accounted to the stage that made each call.
        for (UsageLedger.Line line : e.usage()) {
            String expected = switch (line.role()) {
                case "Miner", "Examiner", "Judge", "Narrator" -> AdamMeme.MINING;
                case "Refiner" -> AdamMeme.REFINEMENT;
                default -> line.stage();
            };
            assertEquals(expected, line.stage(), line.toString());
        }
        assertEquals(
                Set.of(AdamMeme.SCORING, AdamMeme.REFINEMENT),
                e.usage().stream()
                        .filter(l -> l.role().equals("Candidate"))
                        .map(UsageLedger.Line::stage)
                        .collect(Collectors.toSet()));
    }

    @Test
    void refinementDefeatsTheKeywordReaderButNotTheOracle() {
        AdamMeme shared = new AdamMeme(new InMemoryCallCache(), BuiltInSimulator.DEFAULT);
        Evaluation keyword = shared.run(config(dataset, "sim:keyword"), PipelineListener.NONE);
        Evaluation oracle = shared.run(config(dataset, "sim:oracle"), PipelineListener.NONE);

        Set<String> refinedCategories =
                keyword.refinedSamples().stream().map(ScoredSample::category).collect(Collectors.toSet());
        List<ScoredSample> originalsOfThoseCategories = keyword.samples().stream()
                .filter(s -> refinedCategories.contains(s.category()))
                .toList();
        assertTrue(
                keyword.refinedSamples().size() >= 5,
                "refinement ran: " + keyword.refinedSamples().size());
        assertTrue(
                average(keyword.refinedSamples()) < average(originalsOfThoseCategories) - 2,
                "refined " + average(keyword.refinedSamples()) + " vs original " + average(originalsOfThoseCategories));

        double keywordFr = keyword.metrics().withRefinementsOverall().fr().rate();
        double oracleFr = oracle.metrics().withRefinementsOverall().fr().rate();
        assertTrue(oracleFr < keywordFr, "oracle " + oracleFr + " vs keyword " + keywordFr);
        assertTrue(keyword.metrics().originalOverall().fr().rate() > 0, "implicit captions fool the keyword reader");

        // The second target paid nothing for mining or misbeliefs: those calls were all cache hits.
        for (String role : List.of("Miner", "Examiner", "Judge", "Narrator")) {
            List<UsageLedger.Line> lines =
                    oracle.usage().stream().filter(l -> l.role().equals(role)).toList();
            assertEquals(0, lines.stream().mapToLong(UsageLedger.Line::calls).sum(), role);
            assertTrue(lines.stream().mapToLong(UsageLedger.Line::cacheHits).sum() > 0, role);
        }
    }

    @Test
    void twoRunsWithTheSameConfigurationGiveIdenticalResults() throws Exception {
        EvaluationConfig config = config(dataset, "sim:keyword", Constants.CONCURRENCY, "16");
        Evaluation first = AdamMeme.evaluate(config, BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        EvaluationWriter.write(first, dir.resolve("first"));
        Evaluation second = AdamMeme.evaluate(config, BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        EvaluationWriter.write(second, dir.resolve("second"));
        assertEquals(first.memes(), second.memes());
        assertEquals(first.samples(), second.samples());
        assertEquals(first.chains(), second.chains());
        assertEquals(first.metrics(), second.metrics());
        assertEquals(
                EvaluationWriter.sampleLines(dir.resolve("first")),
                EvaluationWriter.sampleLines(dir.resolve("second")));

        // Overlapping stages change when calls are made, never what they are: one call at a time gives the same.
        Evaluation serial = AdamMeme.evaluate(
                config(dataset, "sim:keyword", Constants.CONCURRENCY, "1"),
                BuiltInSimulator.DEFAULT,
                PipelineListener.NONE);
        assertEquals(first.memes(), serial.memes());
        assertEquals(first.samples(), serial.samples());
        assertEquals(first.chains(), serial.chains());
    }

    @Test
    void aSecondRunOnTheSameCacheFileAsksOnlyTheTargetAgainAndGivesTheSameResult() {
        EvaluationConfig config = config(
                dataset, "sim:keyword", Constants.CACHE, dir.resolve("again.db").toString());
        Evaluation first = AdamMeme.evaluate(config, BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        Evaluation again = AdamMeme.evaluate(config, BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        assertTrue(first.usage().stream().mapToLong(UsageLedger.Line::calls).sum() > 100);
        // A model name names no version: the next run asks the target afresh. The agents' answers are shared, and so is
        // the Scorer's verdict on an answer the target gave again word for word.
        Map<String, Long> paid = new TreeMap<>();
        again.usage().stream().filter(l -> l.calls() > 0).forEach(l -> paid.merge(l.role(), l.calls(), Long::sum));
        long targetCalls = first.usage().stream()
                .filter(l -> l.role().equals(Target.ROLE))
                .mapToLong(UsageLedger.Line::calls)
                .sum();
        assertEquals(Map.of(Target.ROLE, targetCalls), paid);
        assertEquals(targetCalls, again.run().targetAnswers().asked());
        assertEquals(first.samples(), again.samples());
        assertEquals(first.chains(), again.chains());
        assertEquals(first.metrics(), again.metrics());
    }

    @Test
    void theResultIsWrittenAsASummaryAndOneLinePerSample() throws Exception {
        Evaluation e =
                AdamMeme.evaluate(config(dataset, "sim:refuser"), BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        Path out = dir.resolve("written");
        EvaluationWriter.write(e, out);
        JsonNode summary = new ObjectMapper()
                .readTree(out.resolve(EvaluationWriter.SUMMARY).toFile());
        assertTrue(summary.at("/run/simulated").asBoolean());
        assertEquals(e.memes().size(), summary.at("/memes/total").asInt());
        assertEquals(
                e.samples().size() + e.refinedSamples().size(),
                EvaluationWriter.sampleLines(out).size());
        assertEquals(
                e.memes().size(),
                Files.readAllLines(out.resolve(EvaluationWriter.MEMES)).size());
        long harmless = e.memes().stream()
                .filter(m -> m.status() == MemeOutcome.Status.HARMLESS)
                .count();
        assertEquals(
                harmless,
                summary.at("/memes/byDatasetLabel/(unlabelled)/HARMLESS").asLong(),
                "mining is set against the datasets' own labels");
        int refused = e.metrics().originalOverall().counts().get(Outcome.REFUSED);
        assertTrue(refused > 0, "the refuser declines some analyses");
        assertEquals(
                refused, summary.at("/metrics/originalOverall/counts/REFUSED").asInt());
        assertTrue(
                e.samples().stream()
                        .filter(s -> s.outcome() == Outcome.REFUSED)
                        .allMatch(s -> s.score() == null
                                && s.reason()
                                        .startsWith("the target declined to analyse the meme: "
                                                + "the refusal check confirmed it")),
                "only a confirmed refusal is REFUSED");
        assertTrue(
                e.samples().stream()
                        .anyMatch(s -> s.outcome().scored() && !s.targetAnswer().startsWith("Harm assessment")),
                "an analysis that opens with an apology is scored, not taken for a refusal");
        // Each chain's keys in one order, whatever the JVM: two runs' summaries differ only where the runs did.
        assertEquals(e.chains().size(), summary.path("chains").size());
        assertTrue(e.chains().size() > 0, "the run refined some seeds");
        for (JsonNode chain : summary.path("chains")) {
            List<String> keys = new ArrayList<>();
            chain.fieldNames().forEachRemaining(keys::add);
            assertEquals(List.of("category", "seed", "steps", "stop"), keys);
        }
    }

    @Test
    void theRealHarMemeSplitIsFullyAccountedFor() {
        Path harmeme = JsonlDatasetLoaderPath.HARMEME;
        assumeTrue(Files.exists(harmeme), "../shared/data is not beside this checkout");
        Evaluation e = AdamMeme.evaluate(
                config(harmeme, "sim:keyword", Constants.SEEDS, "10", Constants.ITERATIONS, "10"),
                BuiltInSimulator.DEFAULT,
                PipelineListener.NONE);
        assertEquals(177, e.memes().size());
        assertEquals(177, e.memes().stream().map(MemeOutcome::memeId).distinct().count());
        assertTrue(e.memes().stream().allMatch(m -> m.status() != MemeOutcome.Status.ERROR), "all images load");
        assertTrue(e.metrics().withRefinementsOverall().fr().rate()
                > e.metrics().originalOverall().fr().rate());
    }

    /** Where the real data sits relative to the module when ../shared is beside the checkout. */
    static final class JsonlDatasetLoaderPath {
        static final Path HARMEME = Path.of("..", "..", "shared", "data", "harmeme-val", "annotations", "val.jsonl");
    }
}
