/** Erasing the text printed on a meme's picture, so the target reads only the text its prompt carries. */
@NullMarked
package io.github.adammeme.internal.erasure;

import org.jspecify.annotations.NullMarked;
