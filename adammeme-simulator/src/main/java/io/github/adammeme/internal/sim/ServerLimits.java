package io.github.adammeme.internal.sim;

import java.time.Duration;

/**
 * What one client can make the simulator spend: body size, workers, queued requests, connections, and time to
 * send a request. Tests start servers with small limits to reach them quickly.
 *
 * @param maxBodyBytes the largest request body read; a larger one is answered 413
 * @param workers      requests answered at once
 * @param queue        requests waiting for a worker; beyond them requests are answered 503
 * @param readTimeout  how long a request's body may take to arrive before the connection is cut
 * @param connections  connections read or answered at once, each on a thread of its own; beyond them a new
 *                     connection is closed
 */
record ServerLimits(int maxBodyBytes, int workers, int queue, Duration readTimeout, int connections) {

    /**
     * A request carries each meme's picture as base64 (a few MB at most, 4/3 of the file) and its
     * text, so 32 MiB is ample; the cap keeps a runaway or hostile client from making the JVM hold
     * an unbounded body (at worst workers x cap, and only while such bodies are being read).
     */
    static final int MAX_BODY_BYTES = 32 << 20;

    /**
     * The engine keeps adammeme.concurrency calls in flight per endpoint (8 by default; the benchmark
     * runs 32 for the target and 32 for the agents, both on this server), and a worker is held for a
     * call's whole simulated latency, so 64 serve that without queuing.
     */
    static final int WORKERS = 64;

    /** Bursts beyond the workers wait rather than fail, up to four times as many; then load is shed. */
    static final int QUEUE = 4 * WORKERS;

    /**
     * A body of a few MB arrives over loopback in milliseconds; 30 s is far beyond any honest client
     * on a loaded CI machine, and bounds how long a stalled one holds a worker.
     */
    static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

    /**
     * The requests the workers serve or queue (320), and some 700 more for clients that stall part way through a
     * request (each holds a parked thread until the read deadline cuts it off): a burst of hundreds of half-open
     * connections leaves the workers serving everyone else.
     */
    static final int CONNECTIONS = 1024;

    static final ServerLimits DEFAULT = new ServerLimits(MAX_BODY_BYTES, WORKERS, QUEUE, READ_TIMEOUT, CONNECTIONS);

    /** Limits with the default bound on connections. */
    ServerLimits(int maxBodyBytes, int workers, int queue, Duration readTimeout) {
        this(maxBodyBytes, workers, queue, readTimeout, CONNECTIONS);
    }

    ServerLimits {
        if (maxBodyBytes < 0 || maxBodyBytes == Integer.MAX_VALUE || workers < 1 || queue < 1) {
            throw new IllegalArgumentException("limits need a body cap below 2 GiB, a worker and a queue place");
        }
        if (connections < workers + queue) {
            throw new IllegalArgumentException("limits need a connection for every request served or queued");
        }
        if (readTimeout.isNegative() || readTimeout.isZero()) {
            throw new IllegalArgumentException("the read timeout must be positive");
        }
    }
}
