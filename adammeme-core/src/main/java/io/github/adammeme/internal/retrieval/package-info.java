/** BM25 retrieval over misbeliefs (Lucene), which chooses the Refiner's examples. */
@NullMarked
package io.github.adammeme.internal.retrieval;

import org.jspecify.annotations.NullMarked;
