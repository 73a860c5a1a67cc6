/**
 * What a run will ask and how far it has got: the plan of its calls worked out before any is made, the progress line
 * with the time and money the run still needs, and what an interrupted run says it reached.
 */
@NullMarked
package io.github.adammeme.internal.pipeline.progress;

import org.jspecify.annotations.NullMarked;
