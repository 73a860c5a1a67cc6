/**
 * What a run's figures decide about a release: the FR gates judged on their intervals, the comparison with a baseline
 * run per category and overall, and the judges' agreement, in one decision that summary.json records.
 */
@NullMarked
package io.github.adammeme.internal.report.release;

import org.jspecify.annotations.NullMarked;
