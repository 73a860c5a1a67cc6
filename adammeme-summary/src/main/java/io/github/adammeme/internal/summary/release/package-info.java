/**
 * The release decision: FR gates, the judges' agreement and a baseline's changes, each a check that passes,
 * fails or lacks evidence, and the verdict they give; written into summary.json and read back from it.
 */
@NullMarked
package io.github.adammeme.internal.summary.release;

import org.jspecify.annotations.NullMarked;
