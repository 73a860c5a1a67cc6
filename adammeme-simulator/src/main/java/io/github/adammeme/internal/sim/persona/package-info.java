/**
 * The simulated mLLM's mind and the personas it plays: which task a request is from its prompt alone, and each role's
 * answer worded from what the meme's text and picture carry, the same every time the same request comes.
 */
@NullMarked
package io.github.adammeme.internal.sim.persona;

import org.jspecify.annotations.NullMarked;
