package io.github.adammeme.internal.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.github.adammeme.internal.agent.Analysis;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.agent.prompt.PromptTemplate;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import io.github.adammeme.internal.util.Digests;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The openai-java adapter over real HTTP, against the built-in simulator. */
class OpenAiChatModelTest {

    private static SimulatedModelServer server;

    @BeforeAll
    static void start() {
        server = SimulatedModelServer.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static OpenAiChatModel model(String name) {
        return new OpenAiChatModel(new Endpoint(name, server.baseUrl(), null, Duration.ofSeconds(10)));
    }

    /** The target's question as the packaged template renders it. */
    private static ChatRequest analysis(String memeText, ContentPart.Image image) {
        PromptTemplate target = PromptLibrary.packaged().get("target");
        return new ChatRequest(
                "Target",
                target.render(
                        Map.of("meme_text", memeText, "question", Analysis.question("nationality")), List.of(image)),
                0.0,
                42,
                256,
                0,
                target.digest());
    }

    private static ContentPart.Image tinyPng() {
        byte[] png = Base64.getDecoder()
                .decode(
                        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");
        return new ContentPart.Image("image/png", png, Digests.sha256Hex(png));
    }

    @Test
    void sendsTextAndImagePartsAndReadsContentAndUsage() {
        try (OpenAiChatModel model = model("sim:oracle")) {
            ChatResponse response = model.complete(analysis("The chinese tourists took all the masks", tinyPng()));
            assertTrue(response.content().contains("harmful with respect to nationality"), response.content());
            assertEquals("stop", response.finishReason());
            assertTrue(response.usage().promptTokens() > 85, "the image is counted: " + response.usage());
            assertTrue(response.usage().completionTokens() > 0);
            assertFalse(response.fromCache());
        }
    }

    @Test
    void theSameRequestGetsTheSameAnswer() {
        try (OpenAiChatModel model = model("sim:keyword")) {
            ChatRequest request = analysis("Folks from over there took all the masks", tinyPng());
            assertEquals(
                    model.complete(request).content(), model.complete(request).content());
        }
    }

    @Test
    void anUnknownModelFailsWithTheEndpointsOwnMessage() {
        try (OpenAiChatModel model = model("sim:nonexistent")) {
            ModelCallException e =
                    assertThrows(ModelCallException.class, () -> model.complete(analysis("x", tinyPng())));
            assertTrue(e.getMessage().contains("404"), e.getMessage());
            assertTrue(e.getMessage().contains("sim:nonexistent"), e.getMessage());
        }
    }

    @Test
    void anUnreachableEndpointFailsWithAMessageNamingIt() {
        try (OpenAiChatModel model =
                new OpenAiChatModel(new Endpoint("gpt-4o", "http://127.0.0.1:9/v1", null, Duration.ofSeconds(2)))) {
            ModelCallException e =
                    assertThrows(ModelCallException.class, () -> model.complete(analysis("x", tinyPng())));
            assertTrue(e.getMessage().contains("http://127.0.0.1:9/v1"), e.getMessage());
        }
    }

    @Test
    void aMissingKeyVariableIsNamedAndItsValueNeverAppears() {
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> new OpenAiChatModel(new Endpoint(
                        "gpt-4o",
                        "https://api.openai.com/v1",
                        "ADAMMEME_TEST_KEY_THAT_IS_NOT_SET",
                        Duration.ofSeconds(2))));
        assertTrue(e.getMessage().contains("ADAMMEME_TEST_KEY_THAT_IS_NOT_SET"), e.getMessage());
    }

    /** An endpoint of a test's own making, on a free port of 127.0.0.1. */
    private static HttpServer loopbackServer() throws IOException {
        return HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    }

    @Test
    void picturesAndTextsReachTheEndpointExactlyAsGiven() throws Exception {
        byte[] picture = new byte[60_000];
        new Random(7).nextBytes(picture);
        ContentPart.Image image = new ContentPart.Image("image/png", picture, Digests.sha256Hex(picture));
        // Looks like a data URL, but it is a meme's text: it must still be escaped.
        String text = "data:image/png;base64," + "say \"hi\" \\ \u00e9\u4e2d\n".repeat(400);
        List<JsonNode> bodies = new CopyOnWriteArrayList<>();
        HttpServer capture = loopbackServer();
        ObjectMapper json = new ObjectMapper();
        capture.createContext("/v1/chat/completions", exchange -> {
            try (exchange;
                    var in = exchange.getRequestBody()) {
                bodies.add(json.readTree(in));
                byte[] answer = ("{\"id\":\"c\",\"object\":\"chat.completion\",\"created\":0,\"model\":\"m\","
                                + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"ok\"},"
                                + "\"finish_reason\":\"stop\"}]}")
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, answer.length);
                exchange.getResponseBody().write(answer);
            }
        });
        capture.start();
        String base = "http://127.0.0.1:" + capture.getAddress().getPort() + "/v1";
        try (OpenAiChatModel model = new OpenAiChatModel(new Endpoint("m", base, null, Duration.ofSeconds(10)))) {
            for (int i = 0; i < 2; i++) { // the second time from the memo of encoded pictures
                ChatMessage user = new ChatMessage(ChatMessage.Role.USER, List.of(new ContentPart.Text(text), image));
                assertEquals(
                        "ok",
                        model.complete(new ChatRequest("Target", List.of(user), 0.0, i, 16, 0, "d"))
                                .content());
            }
        } finally {
            capture.stop(0);
        }
        assertEquals(2, bodies.size());
        for (var body : bodies) {
            var parts = body.path("messages").path(0).path("content");
            assertEquals(text, parts.path(0).path("text").asText());
            assertEquals(
                    image.dataUrl(), parts.path(1).path("image_url").path("url").asText());
        }
    }

    @Test
    void anEndpointThatNeverAnswersIsGivenUpAfterTheTimeout() throws Exception {
        HttpServer silent = loopbackServer();
        CountDownLatch release = new CountDownLatch(1);
        silent.createContext("/v1/chat/completions", exchange -> {
            try {
                release.await(); // reads nothing, answers nothing
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        silent.setExecutor(Executors.newCachedThreadPool());
        silent.start();
        String base = "http://127.0.0.1:" + silent.getAddress().getPort() + "/v1";
        long start = System.nanoTime();
        try (OpenAiChatModel model = new OpenAiChatModel(new Endpoint("m", base, null, Duration.ofMillis(1500)))) {
            ModelCallException e =
                    assertThrows(ModelCallException.class, () -> model.complete(analysis("x", tinyPng())));
            assertTrue(e.retryable(), e.getMessage());
            assertTrue(e.getMessage().contains(base), e.getMessage());
        } finally {
            release.countDown();
            silent.stop(0);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis >= 1400 && millis < 10_000, "gave up after " + millis + " ms");
    }

    @Test
    void theDetailTravelsAndCachedInputIsReadFromTheUsageTheEndpointReports() throws Exception {
        BufferedImage picture = new BufferedImage(1024, 1024, BufferedImage.TYPE_INT_RGB);
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(picture, "png", png);
        ContentPart.Image image =
                new ContentPart.Image("image/png", png.toByteArray(), Digests.sha256Hex(png.toByteArray()));
        String instructions = "Follow these instructions carefully. ".repeat(130);
        try (OpenAiChatModel model = model("sim:keyword")) {
            BiFunction<ImageDetail, String, ChatRequest> ask = (detail, text) -> new ChatRequest(
                    "Scorer",
                    List.of(
                            ChatMessage.system(instructions),
                            new ChatMessage(
                                    ChatMessage.Role.USER,
                                    List.of(image.withDetail(detail), new ContentPart.Text(text)))),
                    0.0,
                    1,
                    64,
                    0,
                    "test");
            ChatResponse low = model.complete(ask.apply(ImageDetail.LOW, "aaaa"));
            ChatResponse high = model.complete(ask.apply(ImageDetail.HIGH, "bbbb"));
            // The endpoint counted the picture by the detail it was sent with: 85 tokens low, 765 high.
            assertEquals(765 - 85, high.usage().promptTokens() - low.usage().promptTokens());
            assertEquals(0, low.usage().cachedTokens());
            ChatResponse again = model.complete(ask.apply(ImageDetail.HIGH, "third, with other text"));
            assertTrue(
                    again.usage().cachedTokens() >= 1024 && again.usage().cachedTokens() % 128 == 0,
                    "cached " + again.usage().cachedTokens() + " of "
                            + again.usage().promptTokens());
            assertEquals(
                    again.usage().promptTokens() - again.usage().cachedTokens(),
                    again.usage().uncachedTokens());
        }
    }

    @Test
    void severalChoicesAreTheAnswersOfConsecutiveSeedsAtOneInput() {
        try (OpenAiChatModel model = model("sim:agent")) {
            ChatRequest first = analysis("Why do they always smell like curry", tinyPng());
            List<ChatResponse> choices = model.completeChoices(first, 3);
            assertEquals(3, choices.size());
            long completion = 0;
            for (int i = 0; i < 3; i++) {
                ChatRequest alone = new ChatRequest(
                        first.role(),
                        first.messages(),
                        first.temperature(),
                        first.seed() + i,
                        first.maxTokens(),
                        i,
                        first.templateDigest());
                ChatResponse single = model.complete(alone);
                assertEquals(single.content(), choices.get(i).content(), "choice " + i);
                completion += single.usage().completionTokens();
                if (i == 0) {
                    assertEquals(
                            single.usage().promptTokens(),
                            choices.get(0).usage().promptTokens(),
                            "the input once");
                }
            }
            assertEquals(completion, choices.get(0).usage().completionTokens(), "every choice's output");
            assertEquals(Usage.NONE, choices.get(1).usage());
        }
    }

    /**
     * A server that answers one request per connection and then closes it, without saying so in a
     * {@code Connection: close} header: what an HTTP/1.0 server does after every answer, and vLLM's
     * uvicorn after 5 idle seconds. Each answered request is counted.
     */
    private static ServerSocket closingServer(AtomicInteger answered, boolean answers) throws IOException {
        ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            while (!socket.isClosed()) {
                try (Socket connection = socket.accept()) {
                    var in = new java.io.BufferedInputStream(connection.getInputStream());
                    int length = 0;
                    for (String line; !(line = headerLine(in)).isEmpty(); ) {
                        if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                            length = Integer.parseInt(line.substring(15).trim());
                        }
                    }
                    in.readNBytes(length);
                    if (!answers) {
                        continue;
                    }
                    answered.incrementAndGet();
                    byte[] body = ("{\"id\":\"c\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"m\","
                                    + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"an answer\"},"
                                    + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":2,"
                                    + "\"total_tokens\":5}}")
                            .getBytes(StandardCharsets.UTF_8);
                    connection
                            .getOutputStream()
                            .write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n" + "Content-Length: "
                                            + body.length + "\r\n\r\n")
                                    .getBytes(StandardCharsets.US_ASCII));
                    connection.getOutputStream().write(body);
                    connection.getOutputStream().flush();
                } catch (IOException e) {
                    // the socket closed: the test is over
                }
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        return socket;
    }

    private static String headerLine(java.io.InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c; (c = in.read()) != -1 && c != '\n'; ) {
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    @Test
    void aConnectionTheServerClosedWhileIdleIsNotAFailedCall() throws Exception {
        AtomicInteger answered = new AtomicInteger();
        try (ServerSocket closing = closingServer(answered, true);
                OpenAiChatModel model = new OpenAiChatModel(new Endpoint(
                        "m", "http://127.0.0.1:" + closing.getLocalPort() + "/v1", null, Duration.ofSeconds(10)))) {
            for (int i = 0; i < 4; i++) {
                assertEquals(
                        "an answer",
                        model.complete(analysis("meme " + i, tinyPng())).content());
            }
            assertEquals(4, answered.get(), "each call reached the server once");
        }
    }

    @Test
    void aServerThatDropsEveryRequestIsStillAFailedCall() throws Exception {
        AtomicInteger answered = new AtomicInteger();
        try (ServerSocket dropping = closingServer(answered, false);
                OpenAiChatModel model = new OpenAiChatModel(new Endpoint(
                        "m", "http://127.0.0.1:" + dropping.getLocalPort() + "/v1", null, Duration.ofSeconds(10)))) {
            ModelCallException e =
                    assertThrows(ModelCallException.class, () -> model.complete(analysis("x", tinyPng())));
            assertTrue(e.retryable(), e.getMessage());
            assertTrue(e.getMessage().contains("could not be reached"), e.getMessage());
        }
    }
}
