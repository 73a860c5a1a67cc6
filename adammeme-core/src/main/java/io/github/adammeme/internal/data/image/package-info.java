/**
 * Meme pictures: a file's container checked before any decoder sees it, decoded within time and heap bounds, and
 * scaled and encoded as each role is sent it.
 */
@NullMarked
package io.github.adammeme.internal.data.image;

import org.jspecify.annotations.NullMarked;
