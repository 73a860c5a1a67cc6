/**
 * How calls ride out a struggling endpoint: retries with backoff, rate caps, an adaptive bound on calls in flight, and
 * a circuit breaker that stops the run once an endpoint fails every call.
 */
@NullMarked
package io.github.adammeme.internal.llm.resilience;

import org.jspecify.annotations.NullMarked;
