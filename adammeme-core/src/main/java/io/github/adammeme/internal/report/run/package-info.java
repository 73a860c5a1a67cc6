/**
 * A run's output folder and its records: where each file goes and under which safe names, one run at a time in a
 * folder, the run's files read back within bounds, and finished runs kept in the cache database.
 */
@NullMarked
package io.github.adammeme.internal.report.run;

import org.jspecify.annotations.NullMarked;
