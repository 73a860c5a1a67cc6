/** Erasing the text printed on a meme's picture, so the target reads only the text its prompt carries. */
package io.github.adammeme.internal.erasure;
