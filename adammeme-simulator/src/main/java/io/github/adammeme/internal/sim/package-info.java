/**
 * The built-in simulated mLLM: an OpenAI-compatible server that plays every role and several targets, for runs without
 * a key; what the simulated model answers, persona by persona, is the persona sub-package.
 */
@NullMarked
package io.github.adammeme.internal.sim;

import org.jspecify.annotations.NullMarked;
