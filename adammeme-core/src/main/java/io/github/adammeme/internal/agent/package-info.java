/**
 * One class per role of the method (Miner, Examiner, Judge, Narrator, Candidate, Senior, Scorer, Refiner, Target): each
 * renders its template, asks the model and reads its answer; the prompts, the answers' parsers and refusal detection
 * are sub-packages.
 */
@NullMarked
package io.github.adammeme.internal.agent;

import org.jspecify.annotations.NullMarked;
