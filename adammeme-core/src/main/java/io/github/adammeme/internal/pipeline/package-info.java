/**
 * The AdamMeme method: mining, scoring and refinement (Algorithm 1), joined into one evaluation; its configuration,
 * results, run and progress are sub-packages.
 */
@NullMarked
package io.github.adammeme.internal.pipeline;

import org.jspecify.annotations.NullMarked;
