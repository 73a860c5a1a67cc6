/**
 * Allure results written by the library itself: what a sample's test shows, the environment and the executor of a
 * run (the overview's rows and title), and the history a report's trend is drawn from, for the engine's runs and
 * for imported ones.
 */
@NullMarked
package io.github.adammeme.internal.report.allure;

import org.jspecify.annotations.NullMarked;
