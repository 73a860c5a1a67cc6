/**
 * Text that is printed safely: {@link io.github.adammeme.internal.text.Printable} keeps a console line one line of
 * visible characters, and {@link io.github.adammeme.internal.text.Secrets} masks keys wherever text is printed or
 * written. Both stand alone, so the settings' errors and every part of the library print through them.
 */
@NullMarked
package io.github.adammeme.internal.text;

import org.jspecify.annotations.NullMarked;
