/**
 * One evaluation's configuration: its {@code adammeme.*} keys read into a validated {@link
 * io.github.adammeme.internal.pipeline.config.EvaluationConfig}, each bad value named by its key, and where the run
 * departs from the paper's method.
 */
@NullMarked
package io.github.adammeme.internal.pipeline.config;

import org.jspecify.annotations.NullMarked;
