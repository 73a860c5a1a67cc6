package io.github.adammeme.internal.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.InMemoryCallCache;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.OpenAiChatModel;
import io.github.adammeme.internal.llm.UsageLedger;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Refusal detection measured on the packaged labelled corpora (refusals of many shapes and languages,
 * deflections, and analyses that open with apologies, idioms or quoted meme text), with the
 * simulated controller doing the check over HTTP, as a run would.
 *
 * <p>Every corpus was written by someone who never saw the detector, and each was first measured as
 * it came. The simulator's reading rules were then widened in general terms where corpora 1 to 3
 * showed gaps (languages, deflections, elliptical verdicts); corpus 4 was never used to change
 * anything, so its figures are the honest estimate for answers nobody has seen. On it the screen,
 * which a real run relies on to send every refusal to the check, must keep its recall; the
 * simulator's check stands in for the controller model and is held to a lower bar there, since its
 * reading rules know fewer languages than a real model does.
 */
class RefusalCorpusTest {

    static SimulatedModelServer server;
    static ModelGateway gateway;

    @BeforeAll
    static void start() {
        server = SimulatedModelServer.start();
        gateway = new ModelGateway(new OpenAiChatModel(new Endpoint("sim:agent", server.baseUrl(), null,
                Duration.ofSeconds(30))), new InMemoryCallCache(), new UsageLedger(), 8);
    }

    @AfterAll
    static void stop() {
        gateway.close();
        server.close();
    }

    @Test
    void onTheCorporaTheRulesWereDevelopedOnTheDetectorReachesPrecisionAndRecallOf095() {
        List<RefusalMeasurement.Labelled> all = new ArrayList<>();
        RefusalMeasurement.PACKAGED.subList(0, 3).forEach(name -> all.addAll(RefusalMeasurement.packaged(name)));
        measure("corpora 1-3", all, 0.95);
    }

    @Test
    void onTheHeldOutCorpusTheScreenMissesNoRefusal() {
        measure("corpus 4 (held out)", RefusalMeasurement.packaged("corpus-4.jsonl"), 0.90);
    }

    /** @param floor the precision and recall the whole detector must reach on this corpus */
    private static void measure(String name, List<RefusalMeasurement.Labelled> corpus, double floor) {
        RefusalMeasurement.Result r = RefusalMeasurement.measure(corpus, new RefusalDetector(new RefusalChecker(
                new AgentContext(gateway, PromptLibrary.packaged(), 42, 2, 256))));
        System.out.println(r.describe(name));
        r.misread().forEach(m -> System.out.println("  misread " + m));
        assertTrue(corpus.size() >= 60, "a corpus needs at least 60 answers");
        assertTrue(r.screen().recall() >= 0.99, "the screen must let (almost) no refusal through: "
                + r.screen().describe("screen"));
        assertTrue(r.detector().precision() >= floor && r.detector().recall() >= floor,
                r.detector().describe("detector") + "\n" + r.misread());
    }
}
