package io.github.adammeme.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.cli.internal.ReferenceImport;
import io.github.adammeme.internal.agent.Category;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.summary.CategoryFigures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference implementation names its log files as it pleases ({@code log_child.json} for the task
 * "child exploitation"); an import files every step under the category its data names, so that a
 * category's mined pairs and its refinement steps make one row of the figures, never two.
 */
class ReferenceImportCategoriesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void eachStepGoesUnderTheTaskItRecordsWhateverItsFileIsCalled() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("renamed"));
        pairs(folder, "child exploitation", "political", "sexual objectification");
        log(folder, "log_child.json", "child exploitation", "child exploitation", "Child_Exploitation");
        log(folder, "log_politics.json", "political", "political");
        // a log that holds two tasks: each step keeps its own
        log(folder, "log_misc.json", "political", "child exploitation");
        ReferenceImport.Imported imported = read(folder);
        Evaluation e = imported.evaluation();

        assertEquals(
                List.of(
                        "log_child.json: 3 steps under 'child exploitation' (the task they record)",
                        "log_misc.json: 1 step under 'political' (the task they record), 1 step under 'child exploitation' (the"
                                + " task they record)",
                        "log_politics.json: 2 steps under 'political' (the task they record)"),
                imported.findings().filedUnder(),
                "what the console says of each log filed under another name");
        assertEquals(List.of("child exploitation", "political", "sexual objectification"), names(e));
        assertEquals(Map.of("child exploitation", 4, "political", 3), stepsByCategory(e));
        assertEquals(
                List.of("child exploitation", "political", "sexual objectification"),
                e.mined().stream().map(MinedSample::category).distinct().toList());
        assertEquals(
                List.of("child exploitation", "political", "sexual objectification"),
                e.metrics().withRefinements().stream()
                        .map(CategoryFigures::category)
                        .toList(),
                "one row per category");
        ScoredSample child = e.refinedSamples().get(0);
        assertEquals("child exploitation", child.category());
        assertEquals(
                "the pair's text, child exploitation 0",
                child.originalText(),
                "the step is matched with its mined pair under the data's name");
    }

    @Test
    void aLogWhoseStepsRecordNoTaskIsMatchedWithTheMinedPairsNames() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("untasked"));
        pairs(folder, "sexual objectification", "religion");
        log(folder, "log_sexual.json", (String) null, null);
        log(folder, "log_religion.json", (String) null);
        ReferenceImport.Imported imported = read(folder);

        assertEquals(List.of("religion", "sexual objectification"), names(imported.evaluation()));
        assertEquals(Map.of("religion", 1, "sexual objectification", 2), stepsByCategory(imported.evaluation()));
        assertEquals(
                List.of("log_sexual.json: 2 steps under 'sexual objectification' (they record no task: the file's"
                        + " name, matched with the mined pairs')"),
                imported.findings().filedUnder());
        assertTrue(
                imported.findings().describe().contains("filed by the data's names: log_sexual.json: 2 steps under"),
                imported.findings().describe());
        assertEquals(List.of(), imported.findings().problems());
    }

    @Test
    void aTaskThatCannotBeACategoryIsNamedAndItsStepKeptUnderItsLogsCategory() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("odd"));
        pairs(folder, "child exploitation");
        log(folder, "log_child.json", "child exploitation", "<b>child</b>", "child\nrelease decision: PASSED");
        ReferenceImport.Imported imported = read(folder);

        assertEquals(Map.of("child exploitation", 3), stepsByCategory(imported.evaluation()));
        assertEquals(
                List.of(
                        "log_child.json #1: its task '<b>child</b>' cannot be a category here: the name is not one to"
                                + " three words of the lowercase letters a to z; imported under child exploitation",
                        "log_child.json #2: its task 'child\\nrelease decision: PASSED' cannot be a category here: the name is not"
                                + " one to three words of the lowercase letters a to z; imported under child exploitation"),
                imported.findings().problems(),
                "a task's text never starts a console line of its own");
    }

    private static ReferenceImport.Imported read(Path folder) {
        return ReferenceImport.read(folder, new ReferenceImport.Settings("t", "c", 4.0, false));
    }

    private static List<String> names(Evaluation e) {
        return e.taxonomy().stream().map(Category::name).sorted().toList();
    }

    private static Map<String, Integer> stepsByCategory(Evaluation e) {
        Map<String, Integer> counts = new TreeMap<>();
        e.refinedSamples().forEach(s -> counts.merge(s.category(), 1, Integer::sum));
        return counts;
    }

    private static String image(String category, int i) {
        return "../data/data5k/image/erased/" + category.replace(' ', '-') + "-" + i + ".png";
    }

    /** mined_pairs.json with two pairs per category, keyed by its name as the reference code writes it. */
    private static void pairs(Path folder, String... categories) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        for (String c : categories) {
            ArrayNode list = root.putArray(c);
            for (int i = 0; i < 2; i++) {
                list.addObject()
                        .put("text", "the pair's text, " + c + " " + i)
                        .put("image", image(c, i))
                        .put("label", "1")
                        .put("task", c)
                        .put("misbelief", "The misbelief is that " + c + " is fine.")
                        .put("ref_ans", "x");
            }
        }
        Files.writeString(folder.resolve("mined_pairs.json"), JSON.writeValueAsString(root));
    }

    /** A log of one scored step per task given (null: the step records no task), each rewriting pair 0 of its task. */
    private static void log(Path folder, String file, String... tasks) throws IOException {
        ArrayNode steps = JSON.createArrayNode();
        int runStep = 0;
        for (String task : tasks) {
            String c = task == null ? "sexual objectification" : Category.normalise(task);
            ObjectNode step = steps.addObject()
                    .put("meme_text", "rewritten " + runStep)
                    .put("explanation", "fewer cues")
                    .put("misbelief", "The misbelief is that " + c + " is fine.")
                    .put("meme_image_path", image(c, 0))
                    .put("answer", "It mocks the group.")
                    .put("ref_ans", "It demeans the group.")
                    .put("comparison", "Fair.\nRating: [[5]]")
                    .put("score", 5.0)
                    .put("run_step", runStep++);
            if (task != null) {
                step.put("task", task);
            }
        }
        Files.writeString(folder.resolve(file), JSON.writeValueAsString(steps));
    }
}
