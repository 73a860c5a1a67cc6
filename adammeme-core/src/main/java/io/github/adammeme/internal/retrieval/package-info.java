/** BM25 retrieval over misbeliefs (Lucene), which chooses the Refiner's examples. */
package io.github.adammeme.internal.retrieval;
