package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.agent.Admission;
import io.github.adammeme.internal.agent.Taxonomy;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import java.util.List;

/** Stage 1's output: the final taxonomy with its admissions, each meme's fate, and the mined pairs. */
record MiningResult(
        Taxonomy taxonomy, List<Admission> admissions, List<MemeOutcome> memes, List<MinedSample> samples) {}
