package io.github.adammeme.agent;

/** Turns one role's raw answer into its typed result, or says exactly what is wrong with it. */
@FunctionalInterface
public interface AnswerParser<T> {

    T parse(String answer) throws ParseException;
}
