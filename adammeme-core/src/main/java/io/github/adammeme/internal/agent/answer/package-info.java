/**
 * What the agents' answers say, read strictly: each role's answer parsed into its typed result or refused with the
 * reason, and the screen for answers that decline the task.
 */
@NullMarked
package io.github.adammeme.internal.agent.answer;

import org.jspecify.annotations.NullMarked;
