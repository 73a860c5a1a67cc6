package io.github.adammeme.internal.sim;

import static io.github.adammeme.internal.sim.ServerReplies.error;

import com.sun.net.httpserver.HttpExchange;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What makes the simulator behave like a loaded or failing endpoint, by its settings: a quota of
 * requests per minute, faults drawn by their configured shares (429, 5xx, hang, drop, truncation,
 * malformed body) and a log-normal latency. Draws come from a seeded random, so a benchmark's
 * faults are the same every run.
 */
final class SimulatedFaults {

    private final AtomicLong faults = new AtomicLong();
    private final Deque<Long> minute = new ArrayDeque<>();
    private volatile Random random = new Random(SimSettings.DEFAULT.seed());

    /** Draws start again from this seed. */
    void reseed(long seed) {
        random = new Random(seed);
    }

    /** @return how many requests were answered with a fault, over-quota ones included */
    long injected() {
        return faults.get();
    }

    /** Answers 429 to a request over the quota; true when it did. */
    boolean overQuota(HttpExchange exchange, SimSettings now) throws IOException {
        if (!rateLimited(now)) {
            return false;
        }
        faults.incrementAndGet();
        exchange.getResponseHeaders().set("Retry-After", "1");
        error(exchange, 429, "rate_limit_exceeded", "requests per minute exceeded; retry after 1 s");
        return true;
    }

    private boolean rateLimited(SimSettings now) {
        if (now.requestsPerMinute() <= 0) {
            return false;
        }
        synchronized (minute) {
            long t = System.nanoTime();
            while (!minute.isEmpty() && t - minute.peekFirst() > 60_000_000_000L) {
                minute.pollFirst();
            }
            if (minute.size() >= now.requestsPerMinute()) {
                return true;
            }
            minute.addLast(t);
            return false;
        }
    }

    /** Draws one fault by the configured shares; true when the exchange has been dealt with. */
    boolean inject(HttpExchange exchange, SimSettings now) throws IOException {
        boolean injected = draw(exchange, now);
        if (injected) {
            faults.incrementAndGet();
        }
        return injected;
    }

    private boolean draw(HttpExchange exchange, SimSettings now) throws IOException {
        double u = random.nextDouble();
        if ((u -= now.rateLimitRate()) < 0) {
            exchange.getResponseHeaders().set("Retry-After", "0.2");
            error(exchange, 429, "rate_limit_exceeded", "simulated rate limit");
            return true;
        }
        if ((u -= now.serverErrorRate()) < 0) {
            error(exchange, 500 + random.nextInt(4), "server_error", "simulated server error");
            return true;
        }
        if ((u -= now.hangRate()) < 0) {
            pause(now.hangMillis());
            error(exchange, 504, "timeout", "simulated hang");
            return true;
        }
        if ((u -= now.dropRate()) < 0) {
            // Close the connection with nothing sent: the client sees it dropped.
            exchange.getRequestBody().close();
            exchange.getResponseBody().close();
            return true;
        }
        if ((u -= now.truncatedRate()) < 0) {
            byte[] body =
                    "{\"id\": \"chatcmpl-sim\", \"object\": \"chat.completion\", \"choices\": [{\"index\": 0, \"message\": {\"role\": \"assistant\", \"content\": \"cut"
                            .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length * 2L);
            exchange.getResponseBody().write(body);
            exchange.getResponseBody().flush();
            exchange.getResponseBody().close();
            return true;
        }
        if ((u -= now.malformedRate()) < 0) {
            byte[] body = "<html>upstream proxy error</html>".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.getResponseBody().close();
            return true;
        }
        return false;
    }

    long latency(SimSettings now) {
        if (now.latencyMillis() <= 0) {
            return 0;
        }
        double sigma = now.latencySpread();
        // A log-normal with the configured mean: exp(mu + sigma^2 / 2) = mean.
        double mu = Math.log((double) now.latencyMillis()) - sigma * sigma / 2;
        return Math.round(Math.exp(mu + sigma * random.nextGaussian()));
    }

    static void pause(long millis) {
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
