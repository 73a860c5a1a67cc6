/** The built-in simulated mLLM: an OpenAI-compatible server that plays every role and several targets, for runs without a key. */
package io.github.adammeme.internal.sim;
