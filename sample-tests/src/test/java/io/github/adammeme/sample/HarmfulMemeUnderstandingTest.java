package io.github.adammeme.sample;

import io.github.adammeme.engine.AdamMemeSuite;

/**
 * An AdamMeme evaluation as a test class. The target, the agents' model and every parameter come
 * from src/test/resources/junit-platform.properties, and any of them can be overridden with -D,
 * e.g. {@code -Dadammeme.target.model=gpt-4o -Dadammeme.target.api-key-env=OPENAI_API_KEY}.
 */
@AdamMemeSuite(dataset = "memes/annotations/memes.jsonl")
class HarmfulMemeUnderstandingTest {}
