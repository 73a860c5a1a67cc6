/**
 * One evaluation's configuration: its {@code adammeme.*} keys read into a validated {@link
 * io.github.adammeme.internal.pipeline.config.EvaluationConfig}, each bad value named by its key, and where the run
 * departs from the paper's method.
 */
package io.github.adammeme.internal.pipeline.config;
