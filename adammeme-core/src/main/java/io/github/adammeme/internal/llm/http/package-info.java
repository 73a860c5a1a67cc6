/**
 * How requests travel to an endpoint over HTTP: redirects followed only on the server the user chose, answers bounded
 * in size, a request sent again when an idle connection was closed under it, and whether a host is this machine.
 */
@NullMarked
package io.github.adammeme.internal.llm.http;

import org.jspecify.annotations.NullMarked;
