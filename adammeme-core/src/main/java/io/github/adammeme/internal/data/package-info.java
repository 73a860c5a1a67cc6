/** Datasets, hard-case banks and meme pictures: read within limits and checked. */
package io.github.adammeme.internal.data;
