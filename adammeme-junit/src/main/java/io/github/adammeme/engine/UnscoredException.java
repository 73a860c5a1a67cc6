package io.github.adammeme.engine;

/** The Scorer's output could not be parsed after re-asks: the sample says nothing of the target (Allure: broken). */
final class UnscoredException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UnscoredException(String message) {
        super(message);
    }
}
