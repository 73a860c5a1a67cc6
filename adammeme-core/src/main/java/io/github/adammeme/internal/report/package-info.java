/** What a run leaves behind: summaries, FR tables, charts, baselines, run records and their history. */
package io.github.adammeme.internal.report;
