/**
 * Small helpers every part of the library uses: JSON lines, digests, redaction of secrets from anything printed or
 * stored, and UTF-16 text checks.
 */
package io.github.adammeme.internal.util;
