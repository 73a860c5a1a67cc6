/** One class per role of the method (Miner, Examiner, Judge, Narrator, Candidate, Senior, Scorer, Refiner, Target): each renders its template, asks the model and reads its answer. */
package io.github.adammeme.internal.agent;
