package io.github.adammeme.internal.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.github.adammeme.internal.agent.AgentContext;
import io.github.adammeme.internal.agent.Answer;
import io.github.adammeme.internal.agent.Target;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.OpenAiChatModel;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A persona served under a model name of one's own, as vLLM serves weights under {@code --served-model-name}: the name
 * a release pipeline gates on stays while the model behind it changes, and the listing and the answers both show it.
 */
class ServedNamesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private static final String NAME = "release-model";
    /** Harm only an attentive reader sees: the oracle names it, the keyword reader does not. */
    private static final String EUPHEMISED = "Folks from over there took all the masks";

    private SimulatedModelServer server;

    @BeforeEach
    void start() {
        server = SimulatedModelServer.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static SimSettings serving(String persona) {
        return SimSettings.DEFAULT.withServed(Map.of(NAME, persona));
    }

    /** The target's analysis through the engine's own client, as a run asks the model it evaluates. */
    private String analyse(String model) {
        ModelGateway gateway = new ModelGateway(
                new OpenAiChatModel(new Endpoint(model, server.baseUrl(), null, Duration.ofSeconds(10))),
                new InMemoryCallCache(),
                new UsageLedger(),
                2);
        Answer<String> a = new Target(new AgentContext(gateway, PromptLibrary.packaged(), 42, 2, 512), 0.0)
                .analyse(EUPHEMISED, null, "nationality")
                .join();
        assertTrue(a.ok(), a.failure());
        return a.value();
    }

    private HttpResponse<String> chat(String model) throws Exception {
        String body = "{\"model\": \"" + model + "\", \"messages\": [{\"role\": \"user\", \"content\": \"Hello?\"}]}";
        return CLIENT.send(
                HttpRequest.newBuilder(URI.create(server.baseUrl() + "/chat/completions"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode listed(String model) throws Exception {
        String body = CLIENT.send(
                        HttpRequest.newBuilder(URI.create(server.baseUrl() + "/models"))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        for (JsonNode m : JSON.readTree(body).path("data")) {
            if (m.path("id").asText().equals(model)) {
                return m;
            }
        }
        return null;
    }

    @Test
    void aServedNameIsAnsweredByItsPersonaAndAnotherPersonaIsAnotherModelUnderTheSameName() throws Exception {
        server.configure(serving("sim:oracle"));
        assertTrue(analyse(NAME).contains("is harmful with respect to nationality"), "the oracle sees the allusion");
        JsonNode v1 = JSON.readTree(chat(NAME).body());
        assertEquals(NAME, v1.path("model").asText(), "the answer names the model asked for");
        assertEquals("adammeme-simulator-oracle", v1.path("system_fingerprint").asText());
        JsonNode entry = listed(NAME);
        assertEquals("model", entry.path("object").asText());
        assertEquals("sim:oracle", entry.path("root").asText(), "the listing names the persona behind the name");
        assertEquals(SimulatedModelServer.OWNER, entry.path("owned_by").asText());
        assertTrue(entry.path("created").asLong() > 1_700_000_000L, "created when the persona took the name: " + entry);

        server.configure(serving("sim:keyword"));
        assertTrue(analyse(NAME).contains("does not appear harmful"), "the keyword reader misses it");
        JsonNode v2 = JSON.readTree(chat(NAME).body());
        assertEquals(NAME, v2.path("model").asText());
        assertEquals("adammeme-simulator-keyword", v2.path("system_fingerprint").asText(), "a new version is visible");
        assertEquals("sim:keyword", listed(NAME).path("root").asText());
        // The personas keep their own names beside it.
        assertEquals("sim:oracle", listed("sim:oracle").path("root").asText());
        assertEquals(
                "adammeme-simulator-oracle",
                JSON.readTree(chat("sim:oracle").body())
                        .path("system_fingerprint")
                        .asText());
    }

    @Test
    void aNameNotServedIsNotFoundAndTheAnswerNamesTheOnesThatAre() throws Exception {
        server.configure(serving("sim:oracle"));
        HttpResponse<String> missing = chat("release-model-v2");
        assertEquals(404, missing.statusCode());
        assertTrue(missing.body().contains("sim:keyword") && missing.body().contains(NAME), missing.body());
        assertEquals(null, listed("release-model-v2"));

        server.configure(SimSettings.DEFAULT);
        assertEquals(404, chat(NAME).statusCode(), "a name no longer served is gone");
        assertEquals(null, listed(NAME));
    }

    @Test
    void aPersonaTheSimulatorDoesNotPlayIsRefusedNamingItsKeyAndWhatIsServedStays() throws Exception {
        server.configure(serving("sim:oracle"));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> server.configure(SimSettings.DEFAULT.withServed(Map.of(NAME, "sim:oracel"))));
        assertTrue(
                e.getMessage()
                        .startsWith("adammeme.sim.serve." + NAME + "=sim:oracel names no persona of the simulator"),
                e.getMessage());
        assertEquals(
                "adammeme-simulator-oracle",
                JSON.readTree(chat(NAME).body()).path("system_fingerprint").asText());
        assertThrows(
                IllegalArgumentException.class,
                () -> SimSettings.DEFAULT.withServed(Map.of("sim:oracle", "sim:keyword")),
                "a persona's own id cannot be served as another");
    }

    /** vLLM's listing shows a restart with new weights by its created time; a name keeps its time while its persona stays. */
    @Test
    void aNamesCreatedTimeIsWhenItsPersonaTookIt() {
        ServedNames names = new ServedNames();
        names.serve(Map.of(NAME, "sim:oracle"), 100);
        names.serve(Map.of(NAME, "sim:oracle", "other", "sim:guarded"), 200);
        assertEquals(List.of(100L, 200L), created(names));
        names.serve(Map.of(NAME, "sim:keyword", "other", "sim:guarded"), 300);
        assertEquals(List.of(300L, 200L), created(names));
    }

    private static List<Long> created(ServedNames names) {
        ArrayNode data = JSON.createArrayNode();
        names.list(data, List.of(NAME, "other"));
        return List.of(
                data.get(0).path("created").asLong(),
                data.get(1).path("created").asLong());
    }
}
