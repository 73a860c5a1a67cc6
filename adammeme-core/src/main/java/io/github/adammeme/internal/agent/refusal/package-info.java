/**
 * Telling a target that declined from one that analysed, as a run does it: the answer screen proposes, the refusal
 * checker's controller call decides; and how well both do on labelled answers.
 */
@NullMarked
package io.github.adammeme.internal.agent.refusal;

import org.jspecify.annotations.NullMarked;
