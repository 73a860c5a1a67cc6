/**
 * The configuration, read once: every {@code adammeme.*} setting of a suite or a command turned into one typed
 * {@link io.github.adammeme.internal.config.AdamMemeConfiguration}, each bad value named by its key before a call is paid for,
 * and a key no part of the library reads named as misspelt.
 */
@NullMarked
package io.github.adammeme.internal.config;

import org.jspecify.annotations.NullMarked;
