package io.github.adammeme.engine;

/** Marker classes for the engine's own tests; not named *Test, so Surefire never runs them directly. */
final class Suites {

    private Suites() {}

    @AdamMemeSuite(dataset = "set-by-each-test.jsonl")
    static class Keyword {}

    @AdamMemeSuite(dataset = "set-by-each-test.jsonl", target = "sim:oracle", properties = "random-seed=7")
    static class Oracle {}

    static class NotASuite {}
}
