/** The files a run writes into its output folder, by name, and the folders of several suites and targets. */
@NullMarked
package io.github.adammeme.internal.summary.run;

import org.jspecify.annotations.NullMarked;
