/**
 * The built-in text eraser, the module adammeme-erasure: Tesseract through JavaCPP (natives from Maven Central, the
 * English model inside the jar) finds the words, their letters are masked and filled in from around them. The core
 * finds it through ServiceLoader ({@link io.github.adammeme.internal.erasure.BuiltinErasure}); the simulator's picture
 * reader reads with its OCR ({@link io.github.adammeme.internal.erasure.builtin.PrintedText}).
 */
@NullMarked
package io.github.adammeme.internal.erasure.builtin;

import org.jspecify.annotations.NullMarked;
