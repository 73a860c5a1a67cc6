/**
 * The Maven plugin: its {@code gate} goal turns the release decision of a build's AdamMeme runs into the build's
 * outcome, after Surefire has run the suites.
 */
package io.github.adammeme.maven;
