package io.github.adammeme.internal.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelCallException;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.OpenAiChatModel;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.sim.persona.SimRequest;
import io.github.adammeme.internal.sim.persona.SimulatedModel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The simulator's bounds: body size, slow clients, a full queue, failures while answering, and exit. */
class SimulatedModelServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private static final String CHAT =
            "{\"model\": \"sim:keyword\", \"messages\": [{\"role\": \"user\", \"content\": \"%s\"}]}";

    /** A 64 KiB body cap, one worker, one queue place, and a read timeout short enough to watch. */
    private static final ServerLimits TIGHT = new ServerLimits(64 << 10, 1, 1, Duration.ofMillis(600));

    @TempDir
    Path dir;

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static Socket connect(SimulatedModelServer server) throws IOException {
        Socket socket = new Socket(
                InetAddress.getLoopbackAddress(), URI.create(server.baseUrl()).getPort());
        socket.setSoTimeout(10_000);
        return socket;
    }

    /** A chat-completions request line and headers, written raw: what a test client sends is up to it. */
    private static void head(Socket socket, String header) throws IOException {
        socket.getOutputStream()
                .write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                + "Content-Type: application/json\r\n" + header + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }

    /** The status line and headers of the answer. */
    private static String answerHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed after " + head.toString(StandardCharsets.US_ASCII));
            }
            head.write(b);
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    private static void chunk(OutputStream out, byte[] data) throws IOException {
        out.write((Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(data);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    private static HttpResponse<String> chat(SimulatedModelServer server, String content) throws Exception {
        return CLIENT.send(
                HttpRequest.newBuilder(URI.create(server.baseUrl() + "/chat/completions"))
                        .timeout(Duration.ofSeconds(10))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(String.format(CHAT, content)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aBodyDeclaredOverTheCapIsRefusedAtOnceWithoutBeingRead() throws Exception {
        try (SimulatedModelServer server = SimulatedModelServer.start();
                Socket socket = connect(server)) {
            long start = System.nanoTime();
            head(socket, "Content-Length: " + (64L << 30)); // 64 GiB declared; not one byte of it is sent
            String head = answerHead(socket.getInputStream());
            long answered = millisSince(start);
            assertTrue(head.startsWith("HTTP/1.1 413"), head);
            assertTrue(answered < 1000, "answered after " + answered + " ms");
            assertTrue(head.toLowerCase(Locale.ROOT).contains("connection: close"), head);
            String body = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            long closed = millisSince(start);
            assertTrue(body.contains("at most " + ServerLimits.MAX_BODY_BYTES), body);
            assertTrue(closed < 3000, "the connection, and its worker, held for " + closed + " ms");
            System.out.printf(
                    "413 for a declared 64 GiB body after %d ms, connection closed after %d ms%n", answered, closed);
        }
    }

    @Test
    void aChunkedBodyIsReadUpToTheCapAndNoFurther() throws Exception {
        try (SimulatedModelServer server = SimulatedModelServer.start(TIGHT, SimulatedModel::answer)) {
            try (Socket socket = connect(server)) {
                head(socket, "Transfer-Encoding: chunked");
                OutputStream out = socket.getOutputStream();
                for (int i = 0; i < 6; i++) { // 96 KiB against a 64 KiB cap
                    chunk(out, new byte[16 << 10]);
                }
                out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                String head = answerHead(socket.getInputStream());
                assertTrue(head.startsWith("HTTP/1.1 413"), head);
                String body = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(body.contains("a chunked body, at most 65536"), body);
            }
            try (Socket socket = connect(server)) {
                head(socket, "Transfer-Encoding: chunked");
                byte[] request =
                        String.format(CHAT, "a chunked body within the cap").getBytes(StandardCharsets.UTF_8);
                chunk(socket.getOutputStream(), Arrays.copyOf(request, 20));
                chunk(socket.getOutputStream(), Arrays.copyOfRange(request, 20, request.length));
                socket.getOutputStream().write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                assertTrue(answerHead(socket.getInputStream()).startsWith("HTTP/1.1 200"));
            }
        }
    }

    @Test
    void aClientThatDripsItsBodyIsCutOffAndItsWorkerFreed() throws Exception {
        try (SimulatedModelServer server = SimulatedModelServer.start(TIGHT, SimulatedModel::answer);
                Socket socket = connect(server)) {
            long start = System.nanoTime();
            head(socket, "Content-Length: 1000");
            Thread drip = new Thread(
                    () -> {
                        try {
                            for (int i = 0; i < 200; i++) {
                                socket.getOutputStream().write('{');
                                Thread.sleep(50);
                            }
                        } catch (IOException | InterruptedException cutOff) {
                            // the server closed the connection, as it should
                        }
                    },
                    "drip");
            drip.setDaemon(true);
            drip.start();
            try {
                assertEquals(-1, socket.getInputStream().read(), "nothing is answered to a client cut off");
            } catch (SocketException reset) {
                // closed with a dripped byte unread: the client sees a reset, which is a cut-off too
            }
            long cut = millisSince(start);
            assertTrue(cut >= 500 && cut < 3000, "cut off after " + cut + " ms against a bound of 600 ms");
            long asked = System.nanoTime();
            HttpResponse<String> next = chat(server, "the only worker is free again");
            assertEquals(200, next.statusCode(), next.body());
            System.out.printf(
                    "a dripping client cut off after %d ms; the next request answered in %d ms%n",
                    cut, millisSince(asked));
            drip.join(5_000);
        }
    }

    /** Answers as the simulator does, but holds the one worker on a request saying "hold the worker". */
    private static final class HoldingAnswerer implements SimulatedModelServer.Answerer {
        final CountDownLatch holding = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public String answer(SimulatedModel.Persona persona, SimRequest request, SimSettings settings) {
            if (request.prompt().contains("hold the worker")) {
                holding.countDown();
                try {
                    release.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return SimulatedModel.answer(persona, request, settings);
        }
    }

    @Test
    void aFullQueueIsAnswered503WithRetryAfter() throws Exception {
        HoldingAnswerer answerer = new HoldingAnswerer();
        try (SimulatedModelServer server = SimulatedModelServer.start(TIGHT, answerer)) {
            CompletableFuture<HttpResponse<String>> held =
                    CompletableFuture.supplyAsync(() -> quietly(server, "hold the worker"));
            assertTrue(answerer.holding.await(10, TimeUnit.SECONDS), "the worker is held");
            // One of these two takes the queue's one place; the other finds it full.
            List<CompletableFuture<HttpResponse<String>>> more = List.of(
                    CompletableFuture.supplyAsync(() -> quietly(server, "second")),
                    CompletableFuture.supplyAsync(() -> quietly(server, "third")));
            long start = System.nanoTime();
            HttpResponse<String> shed =
                    more.get(0).applyToEither(more.get(1), first -> first).get(5, TimeUnit.SECONDS);
            long millis = millisSince(start);
            assertEquals(503, shed.statusCode(), shed.body());
            assertEquals("1", shed.headers().firstValue("Retry-After").orElse(null));
            assertEquals(
                    "overloaded",
                    JSON.readTree(shed.body()).path("error").path("type").asText());
            assertTrue(millis < 2000, "shed after " + millis + " ms");
            answerer.release.countDown();
            assertEquals(200, held.get(10, TimeUnit.SECONDS).statusCode());
            assertEquals(
                    1, more.stream().filter(f -> f.join().statusCode() == 200).count(), "the queued one is answered");
        }
    }

    private static HttpResponse<String> quietly(SimulatedModelServer server, String content) {
        try {
            return chat(server, content);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aShedCallIsRetriedByTheEngineAndSucceeds() throws Exception {
        HoldingAnswerer answerer = new HoldingAnswerer();
        UsageLedger ledger = new UsageLedger();
        try (SimulatedModelServer server = SimulatedModelServer.start(TIGHT, answerer);
                ModelGateway gateway = new ModelGateway(
                        new OpenAiChatModel(
                                new Endpoint("sim:keyword", server.baseUrl(), null, Duration.ofSeconds(20)), 4),
                        new InMemoryCallCache(),
                        ledger,
                        4)) {
            CompletableFuture<?> held = gateway.call(request("hold the worker"));
            assertTrue(answerer.holding.await(10, TimeUnit.SECONDS), "the worker is held");
            List<CompletableFuture<?>> more = List.of(gateway.call(request("second")), gateway.call(request("third")));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (ledger.totalRetries() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(1, ledger.totalRetries(), "one call was shed with 503, and is being retried");
            answerer.release.countDown();
            held.get(10, TimeUnit.SECONDS);
            for (CompletableFuture<?> call : more) {
                call.get(10, TimeUnit.SECONDS); // the shed one after its Retry-After second
            }
            assertEquals(3, server.requestsServed());
        }
    }

    private static ChatRequest request(String text) {
        return new ChatRequest("Target", List.of(ChatMessage.user(text)), 0.0, 1, 64, 0, "test");
    }

    @Test
    void aFailureWhileAnsweringIsAnswered500AndTheServerServesOn() throws Exception {
        SimulatedModelServer.Answerer failing = (persona, request, noise) -> {
            if (request.prompt().contains("break")) {
                throw new IllegalStateException("the answer function broke on purpose");
            }
            return SimulatedModel.answer(persona, request, noise);
        };
        try (SimulatedModelServer server = SimulatedModelServer.start(ServerLimits.DEFAULT, failing)) {
            HttpResponse<String> broken = chat(server, "break");
            assertEquals(500, broken.statusCode(), broken.body());
            JsonNode error = JSON.readTree(broken.body()).path("error");
            assertEquals("server_error", error.path("type").asText());
            String message = error.path("message").asText();
            assertTrue(message.contains("POST /v1/chat/completions"), message);
            assertTrue(message.contains("IllegalStateException: the answer function broke on purpose"), message);
            HttpResponse<String> next = chat(server, "Chinese tourists took all the masks");
            assertEquals(200, next.statusCode(), next.body());
            // The engine's own client reads it as a server error worth retrying.
            try (OpenAiChatModel model =
                    new OpenAiChatModel(new Endpoint("sim:keyword", server.baseUrl(), null, Duration.ofSeconds(10)))) {
                ModelCallException failure =
                        assertThrows(ModelCallException.class, () -> model.complete(request("break")));
                assertEquals(500, failure.status());
                assertTrue(failure.retryable());
            }
        }
    }

    /**
     * A process whose main ends, normally or by an exception, with the shared simulator open and
     * without System.exit, exits: none of the simulator's threads holds the JVM.
     */
    @ParameterizedTest
    @ValueSource(strings = {"return", "throw"})
    void aProcessEndsWithTheSimulatorStillOpen(String ending) throws Exception {
        Path log = dir.resolve("probe-" + ending + ".log");
        long start = System.nanoTime();
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        SimulatorExitProbe.class.getName(),
                        ending)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        boolean exited = child.waitFor(20, TimeUnit.SECONDS);
        long millis = millisSince(start);
        if (!exited) {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            fail("the child JVM was still running after " + millis + " ms: " + Files.readString(log));
        }
        String output = Files.readString(log);
        assertTrue(output.contains("served 200"), output);
        assertEquals("return".equals(ending) ? 0 : 1, child.exitValue(), output);
        System.out.printf("child JVM that ends by '%s' exited in %d ms (JVM start included)%n", ending, millis);
    }
}
