/**
 * What calls cost: the tokens endpoints report, checked before they are believed, estimates where no report can be
 * trusted, prices per model, and the ledger of every call by stage, role and model.
 */
@NullMarked
package io.github.adammeme.internal.llm.cost;

import org.jspecify.annotations.NullMarked;
