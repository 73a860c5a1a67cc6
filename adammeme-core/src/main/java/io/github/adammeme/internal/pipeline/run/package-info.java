/**
 * A run around the method: the gateways its calls go through and the attempt that pays for them, the shard of a CI
 * matrix it scores, the stages it carries out, its listeners, and what it records of itself.
 */
@NullMarked
package io.github.adammeme.internal.pipeline.run;

import org.jspecify.annotations.NullMarked;
