/**
 * Allure results written by the library itself: what a sample's test shows and the executor of a run, for the
 * engine's runs and for imported ones.
 */
package io.github.adammeme.internal.report.allure;
