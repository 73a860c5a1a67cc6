package io.github.adammeme.engine;

/** An endpoint failed, or an agent produced nothing usable: the sample says nothing of the target (Allure: broken). */
final class SampleErrorException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SampleErrorException(String message) {
        super(message);
    }
}
