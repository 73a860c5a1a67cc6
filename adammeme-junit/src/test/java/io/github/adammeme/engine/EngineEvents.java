package io.github.adammeme.engine;

import org.assertj.core.api.Condition;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.testkit.engine.Event;

/** Event conditions of this engine's tests, beside the test kit's own (EventConditions, TestExecutionResultConditions). */
final class EngineEvents {

    /** A test of a meme-category pair. */
    static final Condition<Event> PAIR = segment("pair");

    /** A failure that is not an assertion: a sample or meme that could not be judged is broken, not failed. */
    static final Condition<Throwable> NOT_AN_ASSERTION =
            new Condition<>(t -> !(t instanceof AssertionError), "not an assertion (broken, not failed)");

    private EngineEvents() {}

    /**
     * @param type a segment type of the engine's unique ids ({@code suite}, {@code pair}, {@code mining}, ...)
     * @return an event of a descriptor whose unique id has a segment of that type
     */
    static Condition<Event> segment(String type) {
        return new Condition<>(
                e -> e.getTestDescriptor().getUniqueId().getSegments().stream()
                        .map(UniqueId.Segment::getType)
                        .anyMatch(type::equals),
                "a descriptor with a [" + type + ":...] segment");
    }

    /**
     * @param type a segment type
     * @return an event of a descriptor whose unique id ends in a segment of that type
     */
    static Condition<Event> lastSegment(String type) {
        return new Condition<>(
                e -> e.getTestDescriptor()
                        .getUniqueId()
                        .getLastSegment()
                        .getType()
                        .equals(type),
                "a descriptor whose id ends in a [" + type + ":...] segment");
    }
}
