package io.github.adammeme.engine;

import static org.apiguardian.api.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * Marks a class as an AdamMeme suite: one evaluation of a target model over a dataset, run by
 * the {@code adammeme} test engine. The class needs no body; Maven Surefire finds it like any
 * test class. Every attribute can be overridden by configuration ({@code junit-platform.properties},
 * then {@code -D} system properties), so CI can switch models without touching code.
 *
 * <pre>{@code
 * @AdamMemeSuite(dataset = "memes/annotations/memes.jsonl")
 * class HarmfulMemeUnderstandingTest {}
 * }</pre>
 */
@API(status = STABLE, since = "0.1.0")
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface AdamMemeSuite {

    /**
     * Dataset file (jsonl): a path relative to the working directory, or a test-classpath resource.
     *
     * @return the dataset's path or resource name
     */
    String dataset();

    /**
     * Target model id; empty for the configured one (default {@code sim:keyword}).
     *
     * @return the target's model id, or empty
     */
    String target() default "";

    /**
     * Model for the agent roles; empty for the configured one (default {@code sim:agent}).
     *
     * @return the agents' model id, or empty
     */
    String controller() default "";

    /**
     * Further settings as {@code key=value} (the {@code adammeme.} prefix may be left out).
     *
     * @return {@code key=value} settings
     */
    String[] properties() default {};
}
