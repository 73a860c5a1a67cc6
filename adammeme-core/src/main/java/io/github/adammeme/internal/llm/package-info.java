/**
 * Calls to OpenAI-compatible chat endpoints: what a call and its answer are, the OpenAI client and its preflight, and
 * the one gateway every call goes through, which draws on the cache, resilience, batch and cost sub-packages.
 */
@NullMarked
package io.github.adammeme.internal.llm;

import org.jspecify.annotations.NullMarked;
