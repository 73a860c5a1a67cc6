/**
 * Small helpers every part of the library uses: JSON lines, digests, the console and UTF-16 text checks (printable
 * text and the masking of secrets are adammeme-summary's {@code internal.text}).
 */
@NullMarked
package io.github.adammeme.internal.util;

import org.jspecify.annotations.NullMarked;
