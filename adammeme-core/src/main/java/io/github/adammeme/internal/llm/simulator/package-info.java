/**
 * The built-in simulator as the engine and the command line reach it: its settings, and the ServiceLoader hook through
 * which it is found when it is on the classpath.
 */
@NullMarked
package io.github.adammeme.internal.llm.simulator;

import org.jspecify.annotations.NullMarked;
