package io.github.adammeme.internal.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.agent.answer.Rating;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.OpenAiChatModel;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Answers that stop at the token limit, over real HTTP: the simulator cuts an answer at the request's
 * {@code max_tokens} with {@code finish_reason} length, as OpenAI does; a target's cut answer is kept,
 * marked, for scoring as written; an agent's is asked again; and each is counted under its role.
 */
class TokenLimitTest {

    static SimulatedModelServer server;

    @BeforeAll
    static void start() {
        server = SimulatedModelServer.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static ModelGateway gateway(String model, UsageLedger ledger) {
        return new ModelGateway(
                new OpenAiChatModel(new Endpoint(model, server.baseUrl(), null, Duration.ofSeconds(30))),
                new InMemoryCallCache(),
                ledger,
                4);
    }

    private static Map<String, Long> cutByRole(UsageLedger ledger) {
        Map<String, Long> cut = new TreeMap<>();
        ledger.lines().forEach(l -> cut.merge(l.role(), l.cutOff(), Long::sum));
        return cut;
    }

    @Test
    void aTargetsAnswerCutAtTheLimitIsKeptMarkedAndCounted() {
        UsageLedger ledger = new UsageLedger();
        try (ModelGateway verbose = gateway("sim:verbose", ledger)) {
            Answer<String> cut = new Target(new AgentContext(verbose, PromptLibrary.packaged(), 42, 2, 1024), 0)
                    .analyse("immigrants are stealing our jobs", null, "nationality")
                    .join();
            assertTrue(cut.ok(), "a cut answer is still the target's answer: " + cut);
            assertTrue(cut.cutOff());
            assertEquals(1024 * 4, cut.value().length(), "cut where 1024 tokens of four characters end");
            assertTrue(
                    cut.value().startsWith("Harm assessment:") || cut.value().contains("Harm assessment:"),
                    "what was cut is the background after the analysis: "
                            + cut.value().substring(0, 200));
            assertEquals(1, cut.attempts(), "a target is never asked again for a cut answer");

            Answer<String> whole = new Target(new AgentContext(verbose, PromptLibrary.packaged(), 42, 2, 4096), 0)
                    .analyse("immigrants are stealing our jobs", null, "nationality")
                    .join();
            assertFalse(whole.cutOff(), "the same answer under a higher limit runs to its end");
            assertTrue(
                    whole.value().length() > 1024 * 4 && whole.value().startsWith(cut.value()),
                    whole.value().length() + " characters");
        }
        assertEquals(Map.of("Target", 1L), cutByRole(ledger));
    }

    @Test
    void anAgentsCutAnswerIsAskedAgainAndEachCutIsCountedUnderItsRole() {
        UsageLedger ledger = new UsageLedger();
        try (ModelGateway agent = gateway("sim:agent", ledger)) {
            Answer<Rating> rating = new Scorer(new AgentContext(agent, PromptLibrary.packaged(), 42, 2, 16))
                    .score(
                            "immigrants are stealing our jobs",
                            null,
                            "nationality",
                            "Harm assessment: the meme is harmful with respect to nationality.",
                            "Harm assessment: the meme is harmful with respect to nationality.")
                    .join();
            assertEquals(Answer.Status.UNPARSEABLE, rating.status(), "a rating cut off is no rating: " + rating);
            assertEquals(3, rating.attempts());
            assertTrue(rating.failure().contains("cut off at the token limit"), rating.failure());
        }
        assertEquals(Map.of("Scorer", 3L), cutByRole(ledger), "the answer and both re-asks were cut");
    }
}
