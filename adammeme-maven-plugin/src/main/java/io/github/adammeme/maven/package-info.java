/**
 * The Maven plugin: its {@code gate} goal turns the release decision of a build's AdamMeme runs into the build's
 * outcome, after Surefire has run the suites; its {@code allure} goal, after allure-maven's report, gives the report
 * the run's title and keeps its history for the next build's trend.
 */
@NullMarked
package io.github.adammeme.maven;

import org.jspecify.annotations.NullMarked;
