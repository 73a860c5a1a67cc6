/**
 * AdamMeme as a JUnit 5 test engine: {@link io.github.adammeme.Constants} names the engine and every configuration
 * key; the engine, the method and the command line live in the packages below.
 */
@NullMarked
package io.github.adammeme;

import org.jspecify.annotations.NullMarked;
