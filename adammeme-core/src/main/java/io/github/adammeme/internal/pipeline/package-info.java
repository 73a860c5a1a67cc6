/** The AdamMeme method: mining, scoring and refinement (Algorithm 1), joined into one evaluation with its FR per category. */
package io.github.adammeme.internal.pipeline;
