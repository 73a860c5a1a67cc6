/** The command line: one evaluation published as a test run publishes it, and the merge, gate, history, cache, refusal-check and simulator commands. */
@NullMarked
package io.github.adammeme.cli;

import org.jspecify.annotations.NullMarked;
