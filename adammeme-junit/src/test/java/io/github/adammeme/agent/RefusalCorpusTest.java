package io.github.adammeme.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.llm.Endpoint;
import io.github.adammeme.llm.InMemoryCallCache;
import io.github.adammeme.llm.ModelGateway;
import io.github.adammeme.llm.OpenAiChatModel;
import io.github.adammeme.llm.UsageLedger;
import io.github.adammeme.sim.SimulatedModelServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Refusal detection measured on labelled corpora of target answers (refusals of many shapes and
 * languages, deflections, and analyses that open with apologies, idioms or quoted meme text): the
 * screen alone, and the screen with the simulated controller's refusal check over HTTP, as a run
 * uses them.
 *
 * <p>Every corpus was written by someone who never saw the detector, and each was first measured
 * as it came. The simulator's reading rules were then widened in general terms where corpora 1 to 3
 * showed gaps (languages, deflections, elliptical verdicts); corpus 4 was never used to change
 * anything, so its figures are the honest estimate for answers nobody has seen. On it the screen,
 * which is what a real run relies on to send every refusal to the check, must keep its recall; the
 * simulator's check stands in for the controller model and is held to a lower bar there, since its
 * reading rules know fewer languages than a real model does.
 */
class RefusalCorpusTest {

    private static final List<String> TUNED = List.of("/refusals/corpus-1.jsonl", "/refusals/corpus-2.jsonl",
            "/refusals/corpus-3.jsonl");
    private static final String HELD_OUT = "/refusals/corpus-4.jsonl";

    record Labelled(String id, String category, String kind, boolean refusal, String answer) {
    }

    /** True and false positives and negatives of one classifier on the corpus. */
    record Confusion(int tp, int fp, int fn, int tn) {
        double precision() {
            return tp + fp == 0 ? 1 : (double) tp / (tp + fp);
        }

        double recall() {
            return tp + fn == 0 ? 1 : (double) tp / (tp + fn);
        }

        static Confusion of(List<Labelled> corpus, List<Boolean> said) {
            int tp = 0, fp = 0, fn = 0, tn = 0;
            for (int i = 0; i < corpus.size(); i++) {
                boolean truth = corpus.get(i).refusal();
                boolean flagged = said.get(i);
                if (truth && flagged) {
                    tp++;
                } else if (flagged) {
                    fp++;
                } else if (truth) {
                    fn++;
                } else {
                    tn++;
                }
            }
            return new Confusion(tp, fp, fn, tn);
        }

        String describe(String name) {
            return String.format(Locale.ROOT, "%-28s precision %.3f, recall %.3f (tp %d, fp %d, fn %d, tn %d)", name,
                    precision(), recall(), tp, fp, fn, tn);
        }
    }

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

    static List<Labelled> corpus(String resource) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Labelled> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                Objects.requireNonNull(RefusalCorpusTest.class.getResourceAsStream(resource)), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                JsonNode n = json.readTree(line);
                out.add(new Labelled(n.get("id").asText(), n.get("category").asText(), n.get("kind").asText(),
                        n.get("label").asText().equals("refusal"), n.get("answer").asText()));
            }
        }
        return out;
    }

    @Test
    void onTheCorporaTheRulesWereDevelopedOnTheDetectorReachesPrecisionAndRecallOf095() throws IOException {
        List<Labelled> all = new ArrayList<>();
        for (String resource : TUNED) {
            all.addAll(corpus(resource));
        }
        measure("corpora 1-3", all, 0.95);
    }

    @Test
    void onTheHeldOutCorpusTheScreenMissesNoRefusal() throws IOException {
        measure("corpus 4 (held out)", corpus(HELD_OUT), 0.90);
    }

    /** @param floor the precision and recall the whole detector must reach on this corpus */
    private static void measure(String name, List<Labelled> corpus, double floor) {
        RefusalDetector detector = new RefusalDetector(new RefusalChecker(new AgentContext(gateway,
                PromptLibrary.packaged(), 42, 2, 256)));
        List<Boolean> screen = new ArrayList<>();
        List<Boolean> detected = new ArrayList<>();
        List<String> misread = new ArrayList<>();
        for (Labelled l : corpus) {
            screen.add(RefusalScreen.candidate(l.answer()));
            RefusalDetector.Decision d = detector.detect(l.category(), l.answer()).join();
            boolean refusal = d.kind() == RefusalDetector.Decision.Kind.REFUSAL;
            detected.add(refusal);
            if (refusal != l.refusal()) {
                misread.add(l.id() + " (" + l.kind() + ", labelled " + (l.refusal() ? "refusal" : "analysis") + "): "
                        + d.reason());
            }
        }
        Confusion screened = Confusion.of(corpus, screen);
        Confusion whole = Confusion.of(corpus, detected);
        long refusals = corpus.stream().filter(Labelled::refusal).count();
        System.out.printf("refusal detection, %s: %d answers (%d refusals, %d analyses)%n", name, corpus.size(),
                refusals, corpus.size() - refusals);
        System.out.println(screened.describe("screen alone:"));
        System.out.println(whole.describe("screen + refusal check:"));
        misread.forEach(m -> System.out.println("  misread " + m));
        assertTrue(corpus.size() >= 60, "a corpus needs at least 60 answers");
        assertTrue(screened.recall() >= 0.99, "the screen must let (almost) no refusal through: " + screened.describe("screen"));
        assertTrue(whole.precision() >= floor && whole.recall() >= floor, whole.describe("detector") + "\n" + misread);
    }
}
