package io.github.adammeme.internal.llm.simulator;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.Endpoint;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * How the simulated endpoint misbehaves, for benchmarks and failure tests. Rates are shares of
 * requests in [0, 1]; faults are drawn at random (seeded), so a retry of a failed request may pass.
 *
 * @param latencyMillis     mean answer latency; 0 answers at once
 * @param latencySpread     sigma of the log-normal the latency is drawn from (0 for a fixed latency)
 * @param requestsPerMinute a rate limit answered with 429 and Retry-After; 0 for none
 * @param rateLimitRate     share answered 429 regardless of load
 * @param serverErrorRate   share answered 500-503
 * @param hangRate          share that hangs for {@code hangMillis} before answering (client timeouts)
 * @param dropRate          share whose connection is closed without an answer
 * @param truncatedRate     share whose body is cut off half way
 * @param malformedRate     share answered 200 with a body that is not JSON
 * @param hangMillis        how long a hang lasts
 * @param seed              seeds the draws
 * @param judgeNoise        share of the Scorer's ratings moved off their fair value, differently for each
 *                          replica, so the judge's reliability can be seen to drop
 * @param structuredOutput  whether requests with a JSON schema are answered in it (false: they get a 400,
 *                          as from an endpoint without structured output)
 * @param batchDelayMillis  how long a batch stays in progress before it is answered, read whenever it is
 *                          polled (so a test can hold batches pending, then let them finish)
 * @param dialect           the forms its answers are written in
 * @param served            names it also serves, each answered as the persona it maps to ({@code sim:oracle}), as
 *                          vLLM serves a model under {@code --served-model-name}; sorted by name
 */
@API(status = INTERNAL, since = "0.1.0")
public record SimSettings(
        long latencyMillis,
        double latencySpread,
        int requestsPerMinute,
        double rateLimitRate,
        double serverErrorRate,
        double hangRate,
        double dropRate,
        double truncatedRate,
        double malformedRate,
        long hangMillis,
        long seed,
        double judgeNoise,
        boolean structuredOutput,
        long batchDelayMillis,
        SimDialect dialect,
        Map<String, String> served) {

    /** No faults and no latency, a fair judge, answers in the forms real models write. */
    public static final SimSettings DEFAULT = new SimSettings(0, 0.5, 0, 0, 0, 0, 0, 0, 0, 10_000, 7);

    /**
     * Latency and faults only: a fair judge, structured output supported.
     *
     * @param latencyMillis mean answer latency
     * @param latencySpread sigma of the log-normal latency
     * @param requestsPerMinute a rate limit answered with 429, or 0
     * @param rateLimitRate share answered 429 regardless of load
     * @param serverErrorRate share answered 500-503
     * @param hangRate share that hangs before answering
     * @param dropRate share whose connection is closed without an answer
     * @param truncatedRate share whose body is cut off half way
     * @param malformedRate share answered with a body that is not JSON
     * @param hangMillis how long a hang lasts
     * @param seed seeds the draws
     */
    public SimSettings(
            long latencyMillis,
            double latencySpread,
            int requestsPerMinute,
            double rateLimitRate,
            double serverErrorRate,
            double hangRate,
            double dropRate,
            double truncatedRate,
            double malformedRate,
            long hangMillis,
            long seed) {
        this(
                latencyMillis,
                latencySpread,
                requestsPerMinute,
                rateLimitRate,
                serverErrorRate,
                hangRate,
                dropRate,
                truncatedRate,
                malformedRate,
                hangMillis,
                seed,
                0,
                true);
    }

    /**
     * Batches answered as soon as they are polled.
     *
     * @param latencyMillis mean answer latency
     * @param latencySpread sigma of the log-normal latency
     * @param requestsPerMinute a rate limit answered with 429, or 0
     * @param rateLimitRate share answered 429 regardless of load
     * @param serverErrorRate share answered 500-503
     * @param hangRate share that hangs before answering
     * @param dropRate share whose connection is closed without an answer
     * @param truncatedRate share whose body is cut off half way
     * @param malformedRate share answered with a body that is not JSON
     * @param hangMillis how long a hang lasts
     * @param seed seeds the draws
     * @param judgeNoise share of the Scorer's ratings moved off their fair value
     * @param structuredOutput whether requests with a JSON schema are answered in it
     */
    public SimSettings(
            long latencyMillis,
            double latencySpread,
            int requestsPerMinute,
            double rateLimitRate,
            double serverErrorRate,
            double hangRate,
            double dropRate,
            double truncatedRate,
            double malformedRate,
            long hangMillis,
            long seed,
            double judgeNoise,
            boolean structuredOutput) {
        this(
                latencyMillis,
                latencySpread,
                requestsPerMinute,
                rateLimitRate,
                serverErrorRate,
                hangRate,
                dropRate,
                truncatedRate,
                malformedRate,
                hangMillis,
                seed,
                judgeNoise,
                structuredOutput,
                0);
    }

    /**
     * Answers in the forms real models write.
     *
     * @param latencyMillis mean answer latency
     * @param latencySpread sigma of the log-normal latency
     * @param requestsPerMinute a rate limit answered with 429, or 0
     * @param rateLimitRate share answered 429 regardless of load
     * @param serverErrorRate share answered 500-503
     * @param hangRate share that hangs before answering
     * @param dropRate share whose connection is closed without an answer
     * @param truncatedRate share whose body is cut off half way
     * @param malformedRate share answered with a body that is not JSON
     * @param hangMillis how long a hang lasts
     * @param seed seeds the draws
     * @param judgeNoise share of the Scorer's ratings moved off their fair value
     * @param structuredOutput whether requests with a JSON schema are answered in it
     * @param batchDelayMillis how long a batch stays in progress before it is answered
     */
    public SimSettings(
            long latencyMillis,
            double latencySpread,
            int requestsPerMinute,
            double rateLimitRate,
            double serverErrorRate,
            double hangRate,
            double dropRate,
            double truncatedRate,
            double malformedRate,
            long hangMillis,
            long seed,
            double judgeNoise,
            boolean structuredOutput,
            long batchDelayMillis) {
        this(
                latencyMillis,
                latencySpread,
                requestsPerMinute,
                rateLimitRate,
                serverErrorRate,
                hangRate,
                dropRate,
                truncatedRate,
                malformedRate,
                hangMillis,
                seed,
                judgeNoise,
                structuredOutput,
                batchDelayMillis,
                SimDialect.REAL);
    }

    /**
     * Serves the personas under their own names only.
     *
     * @param latencyMillis mean answer latency
     * @param latencySpread sigma of the log-normal latency
     * @param requestsPerMinute a rate limit answered with 429, or 0
     * @param rateLimitRate share answered 429 regardless of load
     * @param serverErrorRate share answered 500-503
     * @param hangRate share that hangs before answering
     * @param dropRate share whose connection is closed without an answer
     * @param truncatedRate share whose body is cut off half way
     * @param malformedRate share answered with a body that is not JSON
     * @param hangMillis how long a hang lasts
     * @param seed seeds the draws
     * @param judgeNoise share of the Scorer's ratings moved off their fair value
     * @param structuredOutput whether requests with a JSON schema are answered in it
     * @param batchDelayMillis how long a batch stays in progress before it is answered
     * @param dialect the forms answers are written in
     */
    public SimSettings(
            long latencyMillis,
            double latencySpread,
            int requestsPerMinute,
            double rateLimitRate,
            double serverErrorRate,
            double hangRate,
            double dropRate,
            double truncatedRate,
            double malformedRate,
            long hangMillis,
            long seed,
            double judgeNoise,
            boolean structuredOutput,
            long batchDelayMillis,
            SimDialect dialect) {
        this(
                latencyMillis,
                latencySpread,
                requestsPerMinute,
                rateLimitRate,
                serverErrorRate,
                hangRate,
                dropRate,
                truncatedRate,
                malformedRate,
                hangMillis,
                seed,
                judgeNoise,
                structuredOutput,
                batchDelayMillis,
                dialect,
                Map.of());
    }

    /**
     * @param millis how long a batch stays in progress before it is answered
     * @return these settings with that batch delay
     */
    public SimSettings withBatchDelay(long millis) {
        return new SimSettings(
                latencyMillis,
                latencySpread,
                requestsPerMinute,
                rateLimitRate,
                serverErrorRate,
                hangRate,
                dropRate,
                truncatedRate,
                malformedRate,
                hangMillis,
                seed,
                judgeNoise,
                structuredOutput,
                millis,
                dialect,
                served);
    }

    /**
     * @param forms the forms answers are written in
     * @return these settings with that dialect
     */
    public SimSettings withDialect(SimDialect forms) {
        return new SimSettings(
                latencyMillis,
                latencySpread,
                requestsPerMinute,
                rateLimitRate,
                serverErrorRate,
                hangRate,
                dropRate,
                truncatedRate,
                malformedRate,
                hangMillis,
                seed,
                judgeNoise,
                structuredOutput,
                batchDelayMillis,
                forms,
                served);
    }

    /**
     * @param names each name the simulator also serves, mapped to the persona that answers it
     * @return these settings serving those names (and no others)
     */
    public SimSettings withServed(Map<String, String> names) {
        return new SimSettings(
                latencyMillis,
                latencySpread,
                requestsPerMinute,
                rateLimitRate,
                serverErrorRate,
                hangRate,
                dropRate,
                truncatedRate,
                malformedRate,
                hangMillis,
                seed,
                judgeNoise,
                structuredOutput,
                batchDelayMillis,
                dialect,
                names);
    }

    /**
     * Checks that every fault rate and the judge noise are shares from 0 to 1, and that the fault rates add
     * up to at most 1.
     *
     * @param latencyMillis mean answer latency
     * @param latencySpread sigma of the log-normal latency
     * @param requestsPerMinute a rate limit answered with 429, or 0
     * @param rateLimitRate share answered 429 regardless of load
     * @param serverErrorRate share answered 500-503
     * @param hangRate share that hangs before answering
     * @param dropRate share whose connection is closed without an answer
     * @param truncatedRate share whose body is cut off half way
     * @param malformedRate share answered with a body that is not JSON
     * @param hangMillis how long a hang lasts
     * @param seed seeds the draws
     * @param judgeNoise share of the Scorer's ratings moved off their fair value
     * @param structuredOutput whether requests with a JSON schema are answered in it
     * @param batchDelayMillis how long a batch stays in progress before it is answered
     * @param dialect the forms answers are written in
     * @param served names also served, each mapped to a persona's {@code sim:} id
     * @throws IllegalArgumentException naming the setting out of range
     */
    public SimSettings {
        for (double rate :
                new double[] {rateLimitRate, serverErrorRate, hangRate, dropRate, truncatedRate, malformedRate}) {
            if (rate < 0 || rate > 1) {
                throw new IllegalArgumentException("fault rates are shares from 0 to 1");
            }
        }
        if (rateLimitRate + serverErrorRate + hangRate + dropRate + truncatedRate + malformedRate > 1) {
            throw new IllegalArgumentException("fault rates add up to more than 1");
        }
        if (judgeNoise < 0 || judgeNoise > 1) {
            throw new IllegalArgumentException("judge noise is a share from 0 to 1");
        }
        if (batchDelayMillis < 0) {
            throw new IllegalArgumentException("the batch delay cannot be negative");
        }
        Objects.requireNonNull(dialect, "dialect");
        served = Collections.unmodifiableMap(new TreeMap<>(served == null ? Map.of() : served));
        served.forEach((name, persona) -> {
            // A served name that is itself a persona's would hide that persona from every run that asks for it.
            if (name.isBlank() || name.startsWith(Endpoint.SIMULATED_PREFIX)) {
                throw new IllegalArgumentException("a served name is a model name of its own, not a "
                        + Endpoint.SIMULATED_PREFIX + " persona's: '" + name + "'");
            }
            if (persona == null || !persona.startsWith(Endpoint.SIMULATED_PREFIX)) {
                throw new IllegalArgumentException("'" + name + "' is served as a persona, " + Endpoint.SIMULATED_PREFIX
                        + "<name>, not as '" + persona + "'");
            }
        });
    }
}
