/**
 * The agents' prompts: the packaged templates, each replaceable by the user's, read so that no value from a dataset or
 * a model can shape a prompt, and rendered with every value in its own block.
 */
@NullMarked
package io.github.adammeme.internal.agent.prompt;

import org.jspecify.annotations.NullMarked;
