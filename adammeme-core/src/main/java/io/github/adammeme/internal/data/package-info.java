/** Datasets and hard-case banks: read within limits and checked, every meme with an id of its own. */
@NullMarked
package io.github.adammeme.internal.data;

import org.jspecify.annotations.NullMarked;
