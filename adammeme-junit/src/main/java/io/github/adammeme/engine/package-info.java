/** The JUnit Platform test engine: finds @AdamMemeSuite classes, runs the pipeline and reports every pair and refinement step as a test. */
@NullMarked
package io.github.adammeme.engine;

import org.jspecify.annotations.NullMarked;
