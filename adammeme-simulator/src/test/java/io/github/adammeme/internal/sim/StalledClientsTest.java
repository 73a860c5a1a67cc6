package io.github.adammeme.internal.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.sim.persona.SimulatedModel;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Clients that open a connection and stall part way through their request delay no one else: each holds a
 * connection's thread until the read deadline cuts it off, never one of the workers that answer requests.
 */
class StalledClientsTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private static final int STALLED = 100;

    /** Four workers, four queue places, and a body deadline far past the test: every stalled client stays stalled. */
    private static final ServerLimits FEW_WORKERS = new ServerLimits(64 << 10, 4, 4, Duration.ofSeconds(20));

    @Test
    void aNormalRequestIsServedBesideAHundredClientsStalledInTheirHeaders() throws Exception {
        assertServedBeside("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty");
    }

    @Test
    void aNormalRequestIsServedBesideAHundredClientsStalledInTheirBodies() throws Exception {
        assertServedBeside("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: 4000\r\n\r\n{\"model\": \"sim:keyword\", \"mess");
    }

    /** A hundred clients send {@code part} and stall; a normal request is answered at once all the same. */
    private static void assertServedBeside(String part) throws Exception {
        try (SimulatedModelServer server = SimulatedModelServer.start(FEW_WORKERS, SimulatedModel::answer)) {
            assertEquals(200, chat(server).statusCode(), "warmed up: the first answer loads the simulator's classes");
            List<Socket> stalled = new ArrayList<>();
            try {
                int port = URI.create(server.baseUrl()).getPort();
                for (int i = 0; i < STALLED; i++) {
                    Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
                    stalled.add(socket);
                    socket.getOutputStream().write(part.getBytes(StandardCharsets.US_ASCII));
                    socket.getOutputStream().flush();
                }
                Thread.sleep(300); // the server has taken up every stalled request by now
                long start = System.nanoTime();
                HttpResponse<String> answer = chat(server);
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertEquals(200, answer.statusCode(), answer.body());
                assertTrue(millis < 3_000, "answered after " + millis + " ms beside " + STALLED + " stalled clients");
                System.out.printf(
                        "answered in %d ms beside %d clients stalled after %d bytes%n", millis, STALLED, part.length());
            } finally {
                for (Socket s : stalled) {
                    closeQuietly(s);
                }
            }
        }
    }

    private static HttpResponse<String> chat(SimulatedModelServer server) throws Exception {
        return CLIENT.send(
                HttpRequest.newBuilder(URI.create(server.baseUrl() + "/chat/completions"))
                        .timeout(Duration.ofSeconds(15))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                "{\"model\": \"sim:keyword\", \"messages\": [{\"role\":"
                                        + " \"user\", \"content\": \"Chinese tourists took all the masks\"}]}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // the server may have cut it off already
        }
    }
}
