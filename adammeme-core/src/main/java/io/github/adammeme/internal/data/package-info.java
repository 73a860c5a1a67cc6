/** Datasets and hard-case banks: read within limits and checked, every meme with an id of its own. */
package io.github.adammeme.internal.data;
