/**
 * What an evaluation yields: the fate of every input meme, the mined pairs, the scored samples and refinement chains,
 * and the figures drawn from them (FR per category with its interval, and the judges' agreement).
 */
@NullMarked
package io.github.adammeme.internal.pipeline.result;

import org.jspecify.annotations.NullMarked;
