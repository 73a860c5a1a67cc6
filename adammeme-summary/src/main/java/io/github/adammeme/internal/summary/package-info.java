/**
 * A run's figures as its summary records them: FR per category and overall with its interval, the average scores,
 * the outcomes counted, the judges' agreement, and the FR table printed from them. Read back from a summary.json
 * without the pipeline that produced it, so a release gate needs nothing heavier.
 */
@NullMarked
package io.github.adammeme.internal.summary;

import org.jspecify.annotations.NullMarked;
