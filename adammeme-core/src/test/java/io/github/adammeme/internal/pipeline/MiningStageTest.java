package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.agent.Admission;
import io.github.adammeme.internal.agent.AgentContext;
import io.github.adammeme.internal.agent.Examiner;
import io.github.adammeme.internal.agent.Judge;
import io.github.adammeme.internal.agent.Miner;
import io.github.adammeme.internal.agent.Narrator;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.ImageLimits;
import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Miners' vote and the Examiner-and-Judge admission of new categories. */
class MiningStageTest {

    @TempDir
    Path dir;

    /** Miner answers by replica for each meme text; other roles as given. */
    private static Function<ChatRequest, String> script(
            Map<String, List<String>> minerAnswers, String examiner, String judge) {
        return r -> switch (r.role()) {
            case "Miner" ->
                minerAnswers.get(ScriptedModel.block(r, "meme_text")).get(r.replica());
            case "Examiner" -> examiner;
            case "Judge" -> judge;
            case "Narrator" -> "{\"misbelief\": \"The misbelief is that " + ScriptedModel.block(r, "category") + ".\"}";
            default -> throw new IllegalStateException(r.role());
        };
    }

    private MiningResult mine(ScriptedModel model, int batchSize, Meme... memes) {
        return mine(model, batchSize, 1, memes);
    }

    private MiningResult mine(ScriptedModel model, int batchSize, int lookahead, Meme... memes) {
        return mine(model, batchSize, lookahead, NewCategoryVote.MAJORITY, memes);
    }

    private MiningResult mine(ScriptedModel model, int batchSize, int lookahead, NewCategoryVote vote, Meme... memes) {
        AgentContext agents = Fixtures.agents(model);
        return new MiningStage(
                        new Miner(agents),
                        new Examiner(agents),
                        new Judge(agents),
                        new Narrator(agents),
                        new MemeImages(ImageLimits.defaults().withMaxSide(256)),
                        batchSize,
                        lookahead,
                        vote,
                        PipelineListener.NONE,
                        Runnable::run)
                .run(List.of(memes), PromptLibrary.packaged().initialTaxonomy());
    }

    @Test
    void keepsACategoryOnlyWhenTwoOfThreeMinersNameIt() {
        Meme meme = Fixtures.meme(dir, "a", "meme a");
        ScriptedModel model = new ScriptedModel(script(
                Map.of(
                        "meme a",
                        List.of(
                                "{\"categories\": [\"race\", \"gender\"]}",
                                "```json\n{\"categories\": [\"Race\"]}\n```",
                                "Sure! {\"categories\": [\"gender\", \"religion\"]} Hope that helps.")),
                "No.",
                "No."));
        MiningResult result = mine(model, 8, meme);
        assertEquals(List.of("race", "gender"), result.memes().get(0).categories());
        assertEquals(MemeOutcome.Status.MINED, result.memes().get(0).status());
        assertEquals(2, result.samples().size());
        assertEquals(
                "The misbelief is that race.",
                result.samples().get(0).misbelief(),
                "the Narrator is given the category's name, as the paper's figure 9 gives it");
    }

    @Test
    void aMemeNoMajorityFindsHarmfulIsRecordedAsHarmless() {
        Meme meme = Fixtures.meme(dir, "b", "meme b");
        ScriptedModel model = new ScriptedModel(script(
                Map.of(
                        "meme b",
                        List.of(
                                "{\"categories\": [\"race\"]}",
                                "{\"categories\": []}",
                                "{\"categories\": [\"animal\"]}")),
                "No.",
                "No."));
        MiningResult result = mine(model, 8, meme);
        assertEquals(MemeOutcome.Status.HARMLESS, result.memes().get(0).status());
        assertTrue(result.samples().isEmpty());
    }

    @Test
    void aMemeWithAMissingVoteIsNeverDecidedEvenWhenTheOthersAgree() {
        Meme meme = Fixtures.meme(dir, "c", "meme c");
        // Two votes for race would keep it whatever the third said; but the third might have proposed a
        // category the Examiner and Judge admit, which would put this meme into it too.
        ScriptedModel model = new ScriptedModel(script(
                Map.of(
                        "meme c",
                        List.of("{\"categories\": [\"race\"]}", "no json here", "{\"categories\": [\"race\"]}")),
                "No.",
                "No."));
        MiningResult result = mine(model, 8, meme);
        MemeOutcome outcome = result.memes().get(0);
        assertEquals(MemeOutcome.Status.ERROR, outcome.status());
        assertNull(outcome.votes().get(1));
        assertEquals(List.of("race"), outcome.votes().get(0));
        assertTrue(
                outcome.reason()
                        .startsWith("no decision on missing votes: 1 of 3 Miner votes are missing: Miner 2 "
                                + "(UNPARSEABLE after 3 attempts"),
                outcome.reason());
        assertTrue(outcome.reason().contains("received: Miner 1 named race; Miner 3 named race"), outcome.reason());
        assertTrue(result.samples().isEmpty(), "no pair is mined from an undecided meme");
        assertEquals(
                3,
                model.byRole("Miner").stream().filter(r -> r.replica() == 1).count(),
                "the failed Miner was re-asked");
    }

    @Test
    void aMemeWhoseMinersAllFailIsAnErrorNamingEveryMissingVote() {
        Meme meme = Fixtures.meme(dir, "d", "meme d");
        ScriptedModel model = new ScriptedModel(script(Map.of("meme d", List.of("x", "y", "z")), "No.", "No."));
        MemeOutcome outcome = mine(model, 8, meme).memes().get(0);
        assertEquals(MemeOutcome.Status.ERROR, outcome.status());
        assertTrue(
                outcome.reason().startsWith("no decision on missing votes: 3 of 3 Miner votes are missing: Miner 1"),
                outcome.reason());
    }

    @Test
    void anAdmissionIsDecidedOnlyOnTheAnswersInHand() {
        String proposal =
                "{\"categories\": [], \"new_category\": {\"name\": \"political\", \"description\": \"Contempt.\"}}";
        Map<String, List<String>> answers = Map.of("meme p", List.of(proposal, proposal, "{\"categories\": []}"));
        // the Examiner says yes, the Judge gives nothing usable: whether the meme is political is open
        MiningResult open =
                mine(new ScriptedModel(script(answers, "Yes.", "Perhaps.")), 8, Fixtures.meme(dir, "p", "meme p"));
        Admission undecided = open.admissions().get(0);
        assertEquals(Admission.Decision.UNDECIDED, undecided.decision());
        assertNull(undecided.judgeSaysYes());
        assertEquals("the Judge gave no usable answer", undecided.reason());
        assertFalse(open.taxonomy().contains("political"));
        assertEquals(MemeOutcome.Status.ERROR, open.memes().get(0).status());
        assertTrue(
                open.memes()
                        .get(0)
                        .reason()
                        .contains("the admission of 'political' (the Judge gave no usable answer)" + " is undecided"),
                open.memes().get(0).reason());
        // the Examiner says no: the Judge's silence changes nothing, the proposal is rejected and the meme harmless
        MiningResult settled =
                mine(new ScriptedModel(script(answers, "No.", "Perhaps.")), 8, Fixtures.meme(dir, "p", "meme p"));
        assertEquals(Admission.Decision.REJECTED, settled.admissions().get(0).decision());
        assertEquals(MemeOutcome.Status.HARMLESS, settled.memes().get(0).status());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "<img src=x onerror=alert(1)>",
                "hate against people who are left handed",
                "**politics**",
                "religion/ethnicity",
                "a_very_long_category_name_over_the_limit",
                "covid19",
                "race & gender"
            })
    void aProposalWhoseNameIsNotOneToThreeLowercaseWordsIsRejectedUnasked(String name) throws Exception {
        String proposal = new ObjectMapper()
                .writeValueAsString(Map.of(
                        "categories", List.of(), "new_category", Map.of("name", name, "description", "A harm.")));
        ScriptedModel model =
                new ScriptedModel(script(Map.of("meme n", List.of(proposal, proposal, proposal)), "Yes.", "Yes."));
        MiningResult result = mine(model, 8, Fixtures.meme(dir, "n", "meme n"));
        Admission rejected = result.admissions().get(0);
        assertEquals(Admission.Decision.REJECTED, rejected.decision(), name);
        assertEquals(name, rejected.name(), "the proposal is recorded as the Miner wrote it");
        assertTrue(rejected.reason().startsWith("the name"), rejected.reason());
        assertTrue(model.byRole("Examiner").isEmpty() && model.byRole("Judge").isEmpty(), "nobody is asked about it");
        assertEquals(
                PromptLibrary.packaged().initialTaxonomy().names(),
                result.taxonomy().names());
        assertEquals(MemeOutcome.Status.HARMLESS, result.memes().get(0).status());
    }

    @Test
    void aMissingImageMakesThatMemeAnErrorAndTheOthersGoOn() {
        Meme good = Fixtures.meme(dir, "e", "meme e");
        Meme missing = new Meme("f", "test", "meme f", dir.resolve("nope.png"), List.of(), "test:f");
        ScriptedModel model = new ScriptedModel(script(
                Map.of(
                        "meme e",
                        List.of(
                                "{\"categories\": [\"race\"]}",
                                "{\"categories\": [\"race\"]}",
                                "{\"categories\": []}")),
                "No.",
                "No."));
        MiningResult result = mine(model, 8, missing, good);
        assertEquals(MemeOutcome.Status.ERROR, result.memes().get(0).status());
        assertTrue(
                result.memes().get(0).reason().contains("nope.png"),
                result.memes().get(0).reason());
        assertEquals(MemeOutcome.Status.MINED, result.memes().get(1).status());
    }

    @Test
    void aProposalJoinsTheTaxonomyOnlyWhenExaminerAndJudgeBothSayYes() {
        String proposal =
                "{\"categories\": [], \"new_category\": {\"name\": \"Political\", \"description\": \"Contempt for a political side.\"}}";
        Map<String, List<String>> answers = Map.of("meme g", List.of(proposal, "{\"categories\": []}", proposal));
        for (String[] verdicts : new String[][] {{"**Yes**, it does.", "No, it overlaps."}, {"No.", "Yes."}}) {
            MiningResult rejected = mine(
                    new ScriptedModel(script(answers, verdicts[0], verdicts[1])), 8, Fixtures.meme(dir, "g", "meme g"));
            assertFalse(rejected.taxonomy().contains("political"));
            assertEquals(
                    Admission.Decision.REJECTED, rejected.admissions().get(0).decision());
            assertEquals(MemeOutcome.Status.HARMLESS, rejected.memes().get(0).status());
        }
        MiningResult admitted = mine(
                new ScriptedModel(script(answers, "Yes, clearly.", "**Yes**. Distinct.")),
                8,
                Fixtures.meme(dir, "g", "meme g"));
        assertTrue(admitted.taxonomy().contains("political"));
        Admission admission = admitted.admissions().get(0);
        assertEquals("g", admission.memeId());
        assertEquals(List.of(0, 2), admission.proposedBy());
        assertEquals("clearly.", admission.examinerReason());
        assertEquals(
                admission, admitted.taxonomy().find("political").orElseThrow().origin());
        assertEquals(List.of("political"), admitted.memes().get(0).categories());
    }

    @Test
    void aMemeJoinsTheCategoryItsProposalBroughtInOnlyWhenTwoOfThreeMinersNameIt() {
        String proposal =
                "{\"categories\": [\"race\"], \"new_category\": {\"name\": \"political\", \"description\": \"Contempt.\"}}";
        String lists = "{\"categories\": [\"race\", \"political\"]}";
        Map<String, List<String>> answers = Map.of(
                "meme 1", List.of(proposal, "{\"categories\": [\"race\"]}", "{\"categories\": []}"),
                "meme 2", List.of(proposal, lists, "{\"categories\": []}"));
        for (NewCategoryVote vote : NewCategoryVote.values()) {
            MiningResult result = mine(
                    new ScriptedModel(script(answers, "Yes.", "Yes.")), 1, 0, vote, Fixtures.meme(dir, "m1", "meme 1"));
            assertTrue(result.taxonomy().contains("political"), "one proposal admitted is a category of T either way");
            assertEquals(
                    vote == NewCategoryVote.MAJORITY ? List.of("race") : List.of("race", "political"),
                    result.memes().get(0).categories(),
                    vote.name());
            // a second Miner that names the new category, though it was not in the taxonomy it was shown, is a vote
            MiningResult two = mine(
                    new ScriptedModel(script(answers, "Yes.", "Yes.")), 1, 0, vote, Fixtures.meme(dir, "m2", "meme 2"));
            assertEquals(List.of("race", "political"), two.memes().get(0).categories(), vote.name());
        }
    }

    @Test
    void anUndecidedAdmissionLeavesAMemeOpenOnlyWhereItsVotesWouldHavePutItIn() {
        String proposal =
                "{\"categories\": [\"race\"], \"new_category\": {\"name\": \"political\", \"description\": \"Contempt.\"}}";
        String race = "{\"categories\": [\"race\"]}";
        Map<String, List<String>> answers = Map.of("meme u", List.of(proposal, race, race));
        MiningResult majority = mine(
                new ScriptedModel(script(answers, "Yes.", "Perhaps.")),
                1,
                0,
                NewCategoryVote.MAJORITY,
                Fixtures.meme(dir, "u", "meme u"));
        assertEquals(Admission.Decision.UNDECIDED, majority.admissions().get(0).decision());
        assertEquals(
                MemeOutcome.Status.MINED,
                majority.memes().get(0).status(),
                "one vote would not have put it into 'political' whatever the Judge said");
        assertEquals(List.of("race"), majority.memes().get(0).categories());
        MiningResult proposer = mine(
                new ScriptedModel(script(answers, "Yes.", "Perhaps.")),
                1,
                0,
                NewCategoryVote.PROPOSER,
                Fixtures.meme(dir, "u", "meme u"));
        assertEquals(MemeOutcome.Status.ERROR, proposer.memes().get(0).status());
    }

    @Test
    void minedMemesAndPairsAreHeldAsBytesNotAsObjectsPerMeme() {
        Meme picture = Fixtures.meme(dir, "a", "one picture");
        List<Meme> memes = new java.util.ArrayList<>();
        for (int i = 0; i < 120; i++) {
            memes.add(new Meme(
                    "m" + i,
                    "test",
                    "meme " + i,
                    picture.image(),
                    List.of(i % 2 == 0 ? "harmful" : "not harmful"),
                    "memes.jsonl:" + (i + 1)));
        }
        ScriptedModel model = new ScriptedModel(r -> switch (r.role()) {
            case "Miner" ->
                Integer.parseInt(ScriptedModel.block(r, "meme_text").substring(5)) % 3 == 0
                        ? "{\"categories\": [\"race\"]}"
                        : "{\"categories\": []}";
            case "Narrator" -> "{\"misbelief\": \"A misbelief.\"}";
            default -> throw new IllegalStateException(r.role());
        });
        AgentContext agents = Fixtures.agents(model);
        MiningResult result = new MiningStage(
                        new Miner(agents),
                        new Examiner(agents),
                        new Judge(agents),
                        new Narrator(agents),
                        new MemeImages(ImageLimits.defaults().withMaxSide(256)),
                        8,
                        1,
                        NewCategoryVote.MAJORITY,
                        PipelineListener.NONE,
                        Runnable::run)
                .run(memes, PromptLibrary.packaged().initialTaxonomy());

        assertEquals(40, result.samples().size());
        assertEquals(
                new MinedSample("m3/race", memes.get(3), "race", "A misbelief.", null),
                result.samples().get(1));
        assertEquals(List.of("race"), result.memes().get(3).categories());
        assertEquals(MemeOutcome.Status.HARMLESS, result.memes().get(4).status());
        // No outcome, vote or pair object per meme: a pair is its meme's place, its category and its misbelief,
        // and the outcomes' repeated strings are "race", two labels and one origin file.
        assertInstanceOf(MinedSamples.class, result.samples());
        MemeOutcomes outcomes = assertInstanceOf(MemeOutcomes.class, result.memes());
        assertEquals(120, outcomes.size());
        assertEquals(4, outcomes.distinctStrings());
    }

    @Test
    void laterMemesSeeTheGrownTaxonomyAndProposalsAreExaminedOnceInDatasetOrder() {
        String proposal =
                "{\"categories\": [], \"new_category\": {\"name\": \"political\", \"description\": \"Contempt.\"}}";
        String names = "{\"categories\": [\"political\"]}";
        Map<String, List<String>> answers = Map.of(
                "meme 1", List.of(proposal, proposal, "{\"categories\": []}"),
                "meme 2", List.of(proposal, proposal, proposal),
                "meme 3", List.of(names, names, "{\"categories\": []}"));
        for (int batch : new int[] {1, 8}) {
            ScriptedModel model = new ScriptedModel(script(answers, "Yes.", "Yes."));
            MiningResult result = mine(
                    model,
                    batch,
                    Fixtures.meme(dir, "m1", "meme 1"),
                    Fixtures.meme(dir, "m2", "meme 2"),
                    Fixtures.meme(dir, "m3", "meme 3"));
            assertEquals(1, result.admissions().size(), "batch " + batch);
            assertEquals("m1", result.admissions().get(0).memeId());
            // meme 2 proposed an existing category: that is a vote for it
            assertEquals(List.of("political"), result.memes().get(1).categories(), "batch " + batch);
            if (batch == 1) {
                // only a later batch's Miners are shown the grown taxonomy and can name the category
                assertEquals(List.of("political"), result.memes().get(2).categories());
                // Meme 3's Miners, found by their meme: the calls of consecutive memes may be recorded in any order.
                var third = model.byRole("Miner").stream()
                        .filter(r -> ScriptedModel.block(r, "meme_text").equals("meme 3"))
                        .toList();
                assertEquals(3, third.size());
                assertTrue(third.stream()
                        .allMatch(r -> ScriptedModel.block(r, "taxonomy").contains("- political: Contempt.")));
            }
        }
    }

    @Test
    void theMinersOfBatchKAreShownTheTaxonomyAsBatchesUpToKMinusOneMinusLookaheadLeftIt() {
        String proposal =
                "{\"categories\": [], \"new_category\": {\"name\": \"political\", \"description\": \"Contempt.\"}}";
        String none = "{\"categories\": []}";
        Map<String, List<String>> answers = new HashMap<>(Map.of("meme 0", List.of(proposal, proposal, none)));
        for (int i = 1; i < 6; i++) {
            answers.put("meme " + i, List.of(none, none, none));
        }
        for (int lookahead : new int[] {0, 1, 2, 3}) {
            ScriptedModel model = new ScriptedModel(script(answers, "Yes.", "Yes."));
            Meme[] memes = new Meme[6];
            for (int i = 0; i < memes.length; i++) {
                memes[i] = Fixtures.meme(dir, "m" + i, "meme " + i);
            }
            MiningResult result = mine(model, 1, lookahead, memes);
            assertEquals(1, result.admissions().size());
            for (var request : model.byRole("Miner")) {
                int meme = Integer.parseInt(
                        ScriptedModel.block(request, "meme_text").replace("meme ", ""));
                boolean shown = ScriptedModel.block(request, "taxonomy").contains("- political: Contempt.");
                // meme 0's admission is in T from batch 1 + lookahead on, never before
                assertEquals(meme >= 1 + lookahead, shown, "lookahead " + lookahead + ", meme " + meme);
            }
        }
    }
}
