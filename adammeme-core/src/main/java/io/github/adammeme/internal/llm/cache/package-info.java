/**
 * The call cache: every paid answer stored before it is used, in memory, in a SQLite file or in a PostgreSQL database
 * that shards share, so that no call is paid for twice.
 */
@NullMarked
package io.github.adammeme.internal.llm.cache;

import org.jspecify.annotations.NullMarked;
