/**
 * Every {@code adammeme.*} setting declared once, in {@link io.github.adammeme.internal.settings.Setting}: its key,
 * type, range, default and meaning, from which the known-key check, the typed reading of values and the docs' tables
 * of keys all come. It depends on nothing but {@link io.github.adammeme.Constants}.
 */
@NullMarked
package io.github.adammeme.internal.settings;

import org.jspecify.annotations.NullMarked;
