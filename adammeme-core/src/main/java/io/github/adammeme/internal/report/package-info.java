/**
 * What a run leaves behind: summary.json and the samples' files, summaries, FR tables, charts and the history, all
 * published together; the release decision with its baselines, and the run folder with its records, are sub-packages.
 */
@NullMarked
package io.github.adammeme.internal.report;

import org.jspecify.annotations.NullMarked;
