/**
 * Batch mode: the calls of chosen roles gathered into OpenAI Batch API jobs at its discount, journalled so that a run
 * killed while they are pending waits on them when started again instead of paying twice.
 */
@NullMarked
package io.github.adammeme.internal.llm.batch;

import org.jspecify.annotations.NullMarked;
