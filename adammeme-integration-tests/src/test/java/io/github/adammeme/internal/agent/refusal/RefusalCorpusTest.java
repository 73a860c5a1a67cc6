package io.github.adammeme.internal.agent.refusal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.agent.AgentContext;
import io.github.adammeme.internal.agent.RefusalChecker;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.OpenAiChatModel;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Refusal detection measured on the packaged labelled corpora (refusals of many shapes and languages,
 * deflections, partial declines, and analyses that open with apologies, idioms or quoted meme text),
 * with the simulated controller doing the check over HTTP, as a run would.
 *
 * <p>Corpora 1 to 4 were written by someone who never saw the detector, and each was first measured as
 * it came. The simulator's reading rules were then widened in general terms where corpora 1 to 3
 * showed gaps (languages, deflections, elliptical verdicts); corpus 4 was never used to change
 * anything. Corpora 5 and 6 hold partial declines in the forms GPT-4o, Claude, Llama and Qwen-VL write
 * them ("While I can't identify the person in the picture, I can analyse the text: ...", "I'm unable
 * to determine who this is; however, ...") beside full refusals that decline the same part and stop:
 * both were written before the rules for partial declines, measured as they came (corpus 5: precision
 * 0.886, recall 0.969; corpus 6: 0.919, 0.944), and only corpus 5 was used to change the rules. Their
 * author did know the detector, so corpora 4 and 6 are the honest estimates for answers nobody has seen,
 * 4 the more so. On them the screen, which a real run relies on to send every refusal to the check,
 * must keep its recall; the simulator's check stands in for the controller model and is held to a
 * lower bar there, since its reading rules know fewer languages and phrasings than a real model does
 * (on corpus 6 after the change: precision 0.971, recall 0.944; it misses a partial decline in Japanese,
 * and reads "I'd recommend reporting the post if you believe it is harmful" as an assessment). All six
 * together must reach 0.95.
 */
class RefusalCorpusTest {

    static SimulatedModelServer server;
    static ModelGateway gateway;

    @BeforeAll
    static void start() {
        server = SimulatedModelServer.start();
        gateway = new ModelGateway(
                new OpenAiChatModel(new Endpoint("sim:agent", server.baseUrl(), null, Duration.ofSeconds(30))),
                new InMemoryCallCache(),
                new UsageLedger(),
                8);
    }

    @AfterAll
    static void stop() {
        gateway.close();
        server.close();
    }

    @Test
    void onTheCorporaTheRulesWereDevelopedOnTheDetectorReachesPrecisionAndRecallOf095() {
        measure(
                "corpora 1-3 and 5",
                corpora("corpus-1.jsonl", "corpus-2.jsonl", "corpus-3.jsonl", "corpus-5.jsonl"),
                0.95);
    }

    @Test
    void onTheHeldOutCorpusTheScreenMissesNoRefusal() {
        measure("corpus 4 (held out)", RefusalMeasurement.packaged("corpus-4.jsonl"), 0.90);
    }

    @Test
    void onTheHeldOutPartialDeclinesTheScreenMissesNoRefusal() {
        measure("corpus 6 (held out, partial declines)", RefusalMeasurement.packaged("corpus-6.jsonl"), 0.90);
    }

    @Test
    void onAllTheCorporaTogetherTheDetectorReachesPrecisionAndRecallOf095() {
        measure("all six corpora", corpora(RefusalMeasurement.PACKAGED.toArray(String[]::new)), 0.95);
    }

    private static List<RefusalMeasurement.Labelled> corpora(String... names) {
        List<RefusalMeasurement.Labelled> all = new ArrayList<>();
        for (String name : names) {
            all.addAll(RefusalMeasurement.packaged(name));
        }
        return all;
    }

    /** @param floor the precision and recall the whole detector must reach on this corpus */
    private static void measure(String name, List<RefusalMeasurement.Labelled> corpus, double floor) {
        RefusalMeasurement.Result r = RefusalMeasurement.measure(
                corpus,
                new RefusalDetector(
                        new RefusalChecker(new AgentContext(gateway, PromptLibrary.packaged(), 42, 2, 256))));
        System.out.println(r.describe(name));
        r.misread().forEach(m -> System.out.println("  misread " + m));
        assertTrue(corpus.size() >= 60, "a corpus needs at least 60 answers");
        assertTrue(
                r.screen().recall() >= 0.99,
                "the screen must let (almost) no refusal through: " + r.screen().describe("screen"));
        assertTrue(
                r.detector().precision() >= floor && r.detector().recall() >= floor,
                r.detector().describe("detector") + "\n" + r.misread());
    }
}
