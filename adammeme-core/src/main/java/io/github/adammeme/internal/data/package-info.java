/** Datasets, hard-case banks and meme pictures: read within limits, checked, and their printed text erased. */
package io.github.adammeme.internal.data;
