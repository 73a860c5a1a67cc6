/** Calls to OpenAI-compatible chat endpoints through one gateway: cache, retries, rate caps, batches, and what each call cost. */
package io.github.adammeme.internal.llm;
