/**
 * The command line's commands that other parts of the build reuse: merging shards and their Allure results, judging
 * gates on a run's folder, drawing the history, importing the reference implementation's results, and maintaining the
 * cache. Not an API: {@link io.github.adammeme.cli.Main} is the entry point.
 */
@NullMarked
package io.github.adammeme.cli.internal;

import org.jspecify.annotations.NullMarked;
