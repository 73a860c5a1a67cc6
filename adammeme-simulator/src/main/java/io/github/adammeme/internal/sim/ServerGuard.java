package io.github.adammeme.internal.sim;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * What every route of the simulator gets before and around it: the body read within the size cap
 * (413) and the read timeout (connection cut), on the connection's thread and before a worker is taken; load shed
 * when the workers and their queue are full (503); and a failure inside the route answered 500 rather than a dropped
 * connection.
 */
final class ServerGuard implements HttpHandler {

    /** A route, given its request's body read whole. */
    @FunctionalInterface
    interface Route {
        void handle(HttpExchange exchange, byte[] body) throws IOException;
    }

    /**
     * After a 413 the JDK server reads and discards up to 64 KiB of the unread body before closing the
     * connection; a client that sent only headers would hold the connection's thread in that read. A refused client
     * has had its answer: a second is all it gets.
     */
    private static final Duration DRAIN_GRACE = Duration.ofSeconds(1);

    /** What a shed request is told to wait: about the time a worker takes to come free under load. */
    private static final String RETRY_AFTER_SECONDS = "1";

    private final Route route;
    private final ServerLimits limits;
    private final WorkerSlots workers;
    private final ServerDeadlines deadlines;

    ServerGuard(Route route, ServerLimits limits, WorkerSlots workers, ServerDeadlines deadlines) {
        this.route = route;
        this.limits = limits;
        this.workers = workers;
        this.deadlines = deadlines;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        byte[] body = body(exchange);
        if (body == null) {
            return;
        }
        try (exchange) {
            if (!workers.enter()) {
                // The body was read all the same: the client sees a clean 503 and may reuse the connection.
                exchange.getResponseHeaders().set("Retry-After", RETRY_AFTER_SECONDS);
                ServerReplies.error(
                        exchange,
                        503,
                        "overloaded",
                        "the simulator is serving " + limits.workers() + " requests with " + limits.queue()
                                + " waiting; retry after " + RETRY_AFTER_SECONDS + " s");
                return;
            }
            try {
                route.handle(exchange, body);
            } catch (RuntimeException | Error failure) {
                failed(exchange, failure);
            } finally {
                workers.leave();
            }
        }
    }

    /** The body, or null when the exchange has been dealt with (refused, or cut off and closed). */
    @SuppressWarnings("try") // an armed deadline is a guard: holding it is its use
    private byte @Nullable [] body(HttpExchange exchange) throws IOException {
        try (ServerDeadlines.Armed reading = deadlines.arm(limits.readTimeout())) {
            return BoundedBody.read(exchange, limits.maxBodyBytes());
        } catch (BoundedBody.TooLarge e) {
            try (ServerDeadlines.Armed draining = deadlines.arm(DRAIN_GRACE);
                    exchange) {
                exchange.getResponseHeaders().set("Connection", "close");
                ServerReplies.error(exchange, 413, "request_too_large", e.getMessage());
            }
            return null;
        } catch (IOException cutOffOrGone) {
            // The deadline closed the connection, or the client did: there is no one left to answer.
            exchange.close();
            return null;
        }
    }

    private static void failed(HttpExchange exchange, Throwable failure) throws IOException {
        if (failure instanceof VirtualMachineError virtualMachineError && !(failure instanceof StackOverflowError)) {
            throw virtualMachineError; // the JVM's trouble, not the request's: answering would hide it
        }
        if (exchange.getResponseCode() != -1) {
            // The status line is out: closing the connection mid-answer is all that is left.
            return;
        }
        StackTraceElement[] where = failure.getStackTrace();
        ServerReplies.error(
                exchange,
                500,
                "server_error",
                "the simulator failed answering "
                        + exchange.getRequestMethod() + " "
                        + exchange.getRequestURI().getPath() + ": " + failure
                        + (where.length == 0 ? "" : " at " + where[0]));
    }
}
