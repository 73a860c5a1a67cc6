package io.github.adammeme.internal.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.agent.AgentContext;
import io.github.adammeme.internal.agent.Answer;
import io.github.adammeme.internal.agent.Candidate;
import io.github.adammeme.internal.agent.Category;
import io.github.adammeme.internal.agent.Examiner;
import io.github.adammeme.internal.agent.Judge;
import io.github.adammeme.internal.agent.Miner;
import io.github.adammeme.internal.agent.MinerVote;
import io.github.adammeme.internal.agent.Narrator;
import io.github.adammeme.internal.agent.PromptLibrary;
import io.github.adammeme.internal.agent.Rating;
import io.github.adammeme.internal.agent.Refiner;
import io.github.adammeme.internal.agent.RefusalChecker;
import io.github.adammeme.internal.agent.RefusalDetector;
import io.github.adammeme.internal.agent.Rewrite;
import io.github.adammeme.internal.agent.Scorer;
import io.github.adammeme.internal.agent.Senior;
import io.github.adammeme.internal.agent.Target;
import io.github.adammeme.internal.agent.Taxonomy;
import io.github.adammeme.internal.agent.Verdict;
import io.github.adammeme.internal.config.ConfigurationReader;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.llm.ChatModel;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.OpenAiChatModel;
import io.github.adammeme.internal.llm.StructuredOutput;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.llm.simulator.SimDialect;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.retrieval.MisbeliefIndex;
import io.github.adammeme.internal.settings.ConfigurationException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The simulator's dialect, reached through the real agents and parsers over HTTP: by default it writes
 * in the forms real models write, and whatever the form, every answer says what the strict one says.
 */
class SimDialectTest {

    /** Memes with cues of every category the simulator knows, and one with none. */
    private static final List<String> TEXTS = List.of(
            "Chinese tourists from Wuhan took all the masks",
            "Mexican immigrants crossing the border again",
            "Women belong in the kitchen, make me a sandwich girl",
            "Muslims at prayer, Islam is peace they said",
            "When the thug from the ghetto asks for a job",
            "Autistic kid in a wheelchair tries to dance",
            "Trump supporters and Democrats at the same bar",
            "Drink bleach, the vaccine is a hoax",
            "People who look like monkeys and pigs",
            "A cat sits on a warm laptop");

    /** One client per server and model for the whole class: a client is costly to start. */
    private static final Map<String, AgentContext> CONTEXTS = new ConcurrentHashMap<>();

    private static SimulatedModelServer real;
    private static SimulatedModelServer strict;

    @BeforeAll
    static void start() {
        real = SimulatedModelServer.start();
        strict = SimulatedModelServer.start();
        strict.configure(SimSettings.DEFAULT.withDialect(SimDialect.STRICT));
    }

    @AfterAll
    static void stop() {
        CONTEXTS.values().forEach(a -> a.gateway().close());
        real.close();
        strict.close();
    }

    /** The agents on one server, asked in text: where a model's own forms show (the paper's way). */
    private static AgentContext agents(SimulatedModelServer server, String model) {
        return CONTEXTS.computeIfAbsent(server.baseUrl() + " " + model, k -> {
            ModelGateway gateway = new ModelGateway(
                    new OpenAiChatModel(new Endpoint(model, server.baseUrl(), null, Duration.ofSeconds(10))),
                    new InMemoryCallCache(),
                    new UsageLedger(),
                    4);
            gateway.structuredOutput(StructuredOutput.OFF);
            // No re-ask: an answer the parser cannot read on the first attempt fails the test.
            return new AgentContext(gateway, PromptLibrary.packaged(), 42, 0, 1024);
        });
    }

    /** Each text, and again as further memes ("take 1", ...) whose requests draw other forms. */
    private static List<String> memes(int takes) {
        return IntStream.range(0, takes)
                .boxed()
                .flatMap(take -> TEXTS.stream().map(t -> t + (take == 0 ? "" : " (take " + take + ")")))
                .toList();
    }

    /** The value of an answer read on its first attempt. */
    private static <T> T read(CompletableFuture<Answer<T>> asked) {
        Answer<T> a = asked.join();
        assertTrue(a.ok(), a.status() + ": " + a.failure() + "\n" + a.raw());
        assertEquals(1, a.attempts(), "read on its first attempt: " + a.raw());
        return a.value();
    }

    private static <T> List<T> readAll(List<CompletableFuture<Answer<T>>> asked) {
        return asked.stream().map(SimDialectTest::read).toList();
    }

    @Test
    void everyRoleSaysInTheRealDialectWhatItSaysInTheStrictOne() {
        Taxonomy taxonomy = PromptLibrary.packaged().initialTaxonomy();
        List<String> rawForms = new ArrayList<>();
        for (String text : memes(1)) {
            Meme meme = new Meme("m", "test", text, Path.of("m.png"), List.of(), "test");
            Both<List<MinerVote>> votes = both(a -> readAll(new Miner(a).mineAll(meme, null, taxonomy, 3)));
            assertEquals(votes.strict(), votes.real(), text);
            for (MinerVote.Proposal proposal : List.of(
                    new MinerVote.Proposal("islamophobia", "Hostility towards Muslims."),
                    new MinerVote.Proposal("political", "Harm aimed at people for their political side."))) {
                Both<Verdict> examined = both(a -> read(new Examiner(a).examine(meme, null, proposal)));
                assertEquals(examined.strict().yes(), examined.real().yes(), text);
                assertEquals(
                        examined.strict().reason().toLowerCase(Locale.ROOT),
                        examined.real().reason().toLowerCase(Locale.ROOT),
                        text);
                Both<Boolean> judged =
                        both(a -> read(new Judge(a).judge(taxonomy, proposal)).yes());
                assertEquals(judged.strict(), judged.real(), proposal.name());
            }
            for (String category : Lexicon.categoriesIn(text)) {
                Category pair = new Category(category, "harm aimed at people for their " + category, null);
                Both<String> misbelief = both(a -> read(new Narrator(a).narrate(meme, null, pair)));
                assertEquals(
                        MisbeliefIndex.terms(misbelief.strict()),
                        MisbeliefIndex.terms(misbelief.real()),
                        "retrieval reads the same belief in " + misbelief);

                Both<List<String>> analyses = both(a -> readAll(new Candidate(a).analyseAll(text, null, category, 3)));
                for (int i = 0; i < 3; i++) {
                    assertTrue(
                            analyses.real().get(i).contains(analyses.strict().get(i)),
                            analyses.real().get(i));
                }
                Both<String> reference = new Both<>(
                        read(new Senior(agents(strict, "sim:agent")).decide(text, null, category, analyses.strict())),
                        read(new Senior(agents(real, "sim:agent")).decide(text, null, category, analyses.real())));
                assertEquals(
                        analyses.real().get(analyses.strict().indexOf(reference.strict())),
                        reference.real(),
                        "the Senior picks the same Candidate");

                Both<String> answer = new Both<>(
                        read(new Target(agents(strict, "sim:keyword"), 0.0).analyse(text, null, category)),
                        read(new Target(agents(real, "sim:keyword"), 0.0).analyse(text, null, category)));
                assertTrue(answer.real().contains(answer.strict()), answer.real());
                Rating strictRating = read(new Scorer(agents(strict, "sim:agent"))
                        .score(text, null, category, reference.strict(), answer.strict()));
                Rating realRating = read(new Scorer(agents(real, "sim:agent"))
                        .score(text, null, category, reference.real(), answer.real()));
                assertEquals(
                        strictRating.score(), realRating.score(), "the rating, whatever the forms of what it rates");
                rawForms.add(new Scorer(agents(real, "sim:agent"))
                        .score(text, null, category, reference.real(), answer.real())
                        .join()
                        .raw());

                Both<Rewrite> rewrite =
                        both(a -> read(new Refiner(a).refine(text, null, category, misbelief.strict(), 8, List.of())));
                assertEquals(rewrite.strict(), rewrite.real());
                Both<Boolean> declined = new Both<>(
                        read(new RefusalChecker(agents(strict, "sim:agent")).check(category, answer.strict()))
                                .yes(),
                        read(new RefusalChecker(agents(real, "sim:agent")).check(category, answer.real()))
                                .yes());
                assertEquals(declined.strict(), declined.real());
            }
        }
        // Not one form only: the published GPT-4o ratings come with and without brackets.
        assertTrue(rawForms.stream().anyMatch(r -> r.strip().endsWith("]]")), rawForms.toString());
        assertTrue(rawForms.stream().anyMatch(r -> !r.strip().endsWith("]]")), rawForms.toString());
    }

    private record Both<T>(T strict, T real) {}

    private static <T> Both<T> both(Function<AgentContext, T> ask) {
        return new Both<>(ask.apply(agents(strict, "sim:agent")), ask.apply(agents(real, "sim:agent")));
    }

    @Test
    void theStrictDialectWritesExactlyWhatThePromptsAskFor() {
        AgentContext agents = agents(strict, "sim:agent");
        for (String text : memes(1)) {
            Meme meme = new Meme("m", "test", text, Path.of("m.png"), List.of(), "test");
            for (String category : Lexicon.categoriesIn(text)) {
                String misbelief = new Narrator(agents)
                        .narrate(meme, null, new Category(category, "harm", null))
                        .join()
                        .raw();
                assertTrue(misbelief.startsWith("{\"misbelief\": \"The misbelief is that "), misbelief);
                List<String> analyses = readAll(new Candidate(agents).analyseAll(text, null, category, 3));
                String senior = new Senior(agents)
                        .decide(text, null, category, analyses)
                        .join()
                        .raw();
                assertTrue(
                        Pattern.compile("\n\n## Final Response\nanalysis_[123]$")
                                .matcher(senior)
                                .find(),
                        senior);
                String scorer = new Scorer(agents)
                        .score(text, null, category, analyses.get(0), analyses.get(1))
                        .join()
                        .raw();
                assertTrue(
                        Pattern.compile("^Mistakes:\n- .*\n\nExplanation: .*\n\nRating: \\[\\[\\d+]]$", Pattern.DOTALL)
                                .matcher(scorer)
                                .matches(),
                        scorer);
                assertTrue(analyses.stream().allMatch(a -> a.startsWith("Harm assessment: ")), analyses.toString());
            }
        }
    }

    /** A form decided for many requests, by the draws the real dialect makes. */
    private static List<Forms> requests(int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> Forms.of(
                        new SimRequest("sim:agent", 42 + i % 3, 1.0, "a prompt about meme " + i, 1, null),
                        SimSettings.DEFAULT))
                .toList();
    }

    private static double share(List<Forms> forms, Function<Forms, Boolean> has) {
        return forms.stream().filter(has::apply).count() / (double) forms.size();
    }

    /** A model that answers each call with the text it was last handed: each of the dialect's forms, in turn. */
    private static final class Says implements ChatModel {
        private volatile String next;

        @Override
        public String identity() {
            return "says";
        }

        @Override
        public String model() {
            return "says";
        }

        @Override
        public ChatResponse complete(ChatRequest request) {
            return new ChatResponse(next, null, "stop", new Usage(10, 5), false);
        }
    }

    @Test
    void everyFormTheRealDialectWritesIsReadByTheAgentsParsers() {
        Says says = new Says();
        try (ModelGateway gateway = new ModelGateway(says, new InMemoryCallCache(), new UsageLedger(), 1)) {
            gateway.structuredOutput(StructuredOutput.OFF);
            AgentContext agents = new AgentContext(gateway, PromptLibrary.packaged(), 42, 0, 1024);
            Taxonomy taxonomy = PromptLibrary.packaged().initialTaxonomy();
            MinerVote.Proposal proposal = new MinerVote.Proposal("islamophobia", "Hostility towards Muslims.");
            Set<String> seen = new HashSet<>();
            int asked = 0;
            for (Forms f : requests(2000)) {
                List<String> forms = List.of(
                        f.judgement("It overlooks 'kitchen'.", "The assistant sees the harm.", 6),
                        f.verdict("**Yes**", "The meme singles out women."),
                        f.verdict("No", "Nothing in it is harmful."),
                        f.finalResponse("Analysis 2 is best.", "analysis_2"),
                        f.json("{\"misbelief\": \"" + f.misbelief("women exist to serve men") + "\"}"),
                        f.json("{\"categories\": [\"gender\"], \"new_category\": null}"),
                        f.json("{\"original_text\": \"a\", \"rewritten_text\": \"b\", \"explanation\": \"c\"}"));
                for (int role = 0; role < forms.size(); role++) {
                    String form = forms.get(role);
                    if (!seen.add(role + form)) {
                        continue;
                    }
                    says.next = form;
                    // A meme of its own per call, so no answer comes from the cache.
                    String text = "Women belong in the kitchen " + asked++;
                    Meme meme = new Meme("m" + asked, "test", text, Path.of("m.png"), List.of(), "test");
                    switch (role) {
                        case 0 ->
                            assertEquals(
                                    6,
                                    read(new Scorer(agents).score(text, null, "gender", "r", "a"))
                                            .score());
                        case 1 ->
                            assertTrue(
                                    read(new Examiner(agents).examine(meme, null, proposal))
                                            .yes(),
                                    form);
                        case 2 ->
                            assertEquals(
                                    false,
                                    read(new Examiner(agents).examine(meme, null, proposal))
                                            .yes(),
                                    form);
                        case 3 ->
                            assertEquals(
                                    "b",
                                    read(new Senior(agents).decide(text, null, "gender", List.of("a", "b", "c"))),
                                    form);
                        case 4 ->
                            assertTrue(
                                    read(new Narrator(agents).narrate(meme, null, new Category("gender", "harm", null)))
                                            .toLowerCase(Locale.ROOT)
                                            .contains("women exist to serve men"),
                                    form);
                        case 5 ->
                            assertEquals(
                                    List.of("gender"),
                                    read(new Miner(agents)
                                                    .mineAll(meme, null, taxonomy, 1)
                                                    .get(0))
                                            .categories(),
                                    form);
                        default ->
                            assertEquals(
                                    "b",
                                    read(new Refiner(agents).refine(text, null, "gender", "m", 8, List.of()))
                                            .rewrittenText(),
                                    form);
                    }
                }
            }
            // Every role's forms, not a few of them: 4 rating lines in 3 layouts, 8 verdicts a word, 6 headings, JSON
            // in 10 wrappings, 4 misbelief sentences: about 110 in all.
            System.out.printf(
                    Locale.ROOT,
                    "%d distinct answer forms of the real dialect read by the agents' parsers%n",
                    seen.size());
            assertTrue(seen.size() >= 100, seen.size() + " forms");
        }
    }

    @Test
    void theRealDialectWritesEachFormAtTheShareRealModelsWriteIt() {
        List<Forms> forms = requests(4000);
        // 131 bracketed and 71 plain of 202 published GPT-4o ratings, the two other forms about 5% each.
        assertEquals(131 / 224.0, share(forms, f -> f.ratingLine(6).equals("Rating: [[6]]")), 0.03);
        assertEquals(71 / 224.0, share(forms, f -> f.ratingLine(6).equals("Rating: 6")), 0.03);
        assertEquals(11 / 224.0, share(forms, f -> f.ratingLine(6).equals("**Rating:** 6")), 0.015);
        assertEquals(11 / 224.0, share(forms, f -> f.ratingLine(6).equals("Rating: 6/10")), 0.015);
        // 213 of 800 published misbeliefs do not have the word "misbelief".
        assertEquals(
                213 / 800.0,
                share(
                        forms,
                        f -> !f.misbelief("women exist to serve men")
                                .toLowerCase(Locale.ROOT)
                                .contains("misbelief")),
                0.03);
        // LLaVA closes 141 of 202 published analyses with a caveat and opens 17 with one, GPT-4o 195 and 65 of 743.
        assertEquals(
                141 / 202.0,
                share(forms, f -> !f.analysis("Harm assessment: x.", true).endsWith("x.")),
                0.03);
        assertEquals(
                195 / 743.0,
                share(forms, f -> !f.analysis("Harm assessment: x.", false).endsWith("x.")),
                0.03);
        assertEquals(
                17 / 202.0,
                share(forms, f -> !f.analysis("Harm assessment: x.", true).startsWith("Harm")),
                0.02);
        assertEquals(
                65 / 743.0,
                share(forms, f -> !f.analysis("Harm assessment: x.", false).startsWith("Harm")),
                0.02);
        // The forms chosen where the published results keep none: each one comes.
        assertEquals(
                8,
                forms.stream()
                        .map(f -> f.verdict("**Yes**", "The meme mocks."))
                        .distinct()
                        .count());
        assertEquals(
                8,
                forms.stream()
                        .map(f -> f.verdict("No", "Nothing in it."))
                        .distinct()
                        .count());
        assertTrue(forms.stream()
                        .map(f -> f.finalResponse("Analysis 2 is best.", "analysis_2"))
                        .distinct()
                        .count()
                >= 12);
        assertEquals(
                0.70,
                share(
                        forms,
                        f -> f.finalResponse("Analysis 2 is best.", "analysis_2")
                                .contains("\n## Final Response\n")),
                0.03);
        assertTrue(forms.stream().map(f -> f.json("{\"a\": 1}")).distinct().count() >= 6);
        assertEquals(0.45, share(forms, f -> f.json("{\"a\": 1}").startsWith("```json")), 0.03);
    }

    @Test
    void aRequestIsAlwaysAnsweredInOneFormWhateverItsAnswerSays() {
        for (Forms f : requests(300)) {
            // The form is drawn from the request, not from the rating: a pass and a fail are written alike.
            assertEquals(f.ratingLine(2).replace("2", "n"), f.ratingLine(9).replace("9", "n"));
            assertEquals(
                    f.verdict("Yes", "Reason.").replace("Yes", "w"),
                    f.verdict("No", "Reason.").replace("No", "w"));
            assertEquals(
                    f.misbelief("Women exist to serve men").replace("Women exist to serve men", "b"),
                    f.misbelief("Black people are lazy").replace("Black people are lazy", "b"));
        }
        SimRequest request = new SimRequest("sim:agent", 7, 1.0, "the same prompt", 1, null);
        assertEquals(
                Forms.of(request, SimSettings.DEFAULT).json("{}"),
                Forms.of(request, SimSettings.DEFAULT).json("{}"));
        SimRequest structured = new SimRequest("sim:agent", 7, 1.0, "the same prompt", 1, "scorer_rating");
        for (Forms f : List.of(
                Forms.of(structured, SimSettings.DEFAULT),
                Forms.of(request, SimSettings.DEFAULT.withDialect(SimDialect.STRICT)))) {
            assertEquals(
                    "Rating: [[6]]", f.ratingLine(6), "a schema's answer, and the strict dialect's, in the asked form");
        }
    }

    @Test
    void theRefusalScreenProposesFewMoreOfTheRealDialectsAnalysesAndTheCheckConfirmsNone() {
        int analyses = 0;
        long[] checks = new long[2];
        for (String text : memes(3)) {
            for (String category : Lexicon.categoriesIn(text)) {
                for (String model : List.of("sim:keyword", "sim:oracle", "sim:agent")) {
                    analyses++;
                    SimulatedModelServer[] servers = {strict, real};
                    for (int s = 0; s < 2; s++) {
                        String answer = read(new Target(agents(servers[s], model), 1.0).analyse(text, null, category));
                        RefusalDetector.Decision d = new RefusalDetector(
                                        new RefusalChecker(agents(servers[s], "sim:agent")))
                                .detect(category, answer)
                                .join();
                        assertEquals(RefusalDetector.Decision.Kind.ANALYSIS, d.kind(), answer);
                        // Counted from the decision, not from requests served: the client's cache may answer a check.
                        checks[s] += d.reason().startsWith("the refusal check") ? 1 : 0;
                    }
                }
            }
        }
        System.out.printf(
                Locale.ROOT,
                "refusal screen on %d simulated analyses: strict dialect %d proposed for a paid"
                        + " check (%.1f%%), real dialect %d (%.1f%%); every check read an analysis%n",
                analyses,
                checks[0],
                100.0 * checks[0] / analyses,
                checks[1],
                100.0 * checks[1] / analyses);
        assertTrue(
                checks[1] - checks[0] <= 0.05 * analyses,
                "the caveats cost few checks: " + checks[0] + " -> " + checks[1]);
    }

    @Test
    void theDialectIsAKeyOfItsOwnAndItsAnswersAreCachedApart() {
        assertEquals(SimDialect.REAL, ConfigurationReader.simulator(Map.of()).dialect());
        assertEquals(
                SimDialect.STRICT,
                ConfigurationReader.simulator(Map.of(Constants.SIM_DIALECT, " Strict "))
                        .dialect());
        ConfigurationException bad = assertThrows(
                ConfigurationException.class,
                () -> ConfigurationReader.simulator(Map.of(Constants.SIM_DIALECT, "loose")));
        assertEquals(Constants.SIM_DIALECT, bad.key());
        assertTrue(
                bad.getMessage().contains("'loose'")
                        && bad.getMessage().contains("real")
                        && bad.getMessage().contains("strict"),
                bad.getMessage());

        // The endpoint's identity is part of every cache key.
        Endpoint agent = new Endpoint("sim:agent", null, null, Duration.ofSeconds(10));
        String realIdentity = agent.simulatorAt("http://127.0.0.1:1/v1", BuiltInSimulator.variant(SimSettings.DEFAULT))
                .identity();
        String strictIdentity = agent.simulatorAt(
                        "http://127.0.0.1:1/v1",
                        BuiltInSimulator.variant(SimSettings.DEFAULT.withDialect(SimDialect.STRICT)))
                .identity();
        assertEquals("simulator", realIdentity);
        assertEquals("simulator (dialect=strict)", strictIdentity);
        assertEquals(
                "simulator (judge-noise=0.3, dialect=strict)",
                agent.simulatorAt(
                                "http://127.0.0.1:1/v1",
                                BuiltInSimulator.variant(
                                        new SimSettings(0, 0.5, 0, 0, 0, 0, 0, 0, 0, 10_000, 7, 0.3, true)
                                                .withDialect(SimDialect.STRICT)))
                        .identity());
    }
}
