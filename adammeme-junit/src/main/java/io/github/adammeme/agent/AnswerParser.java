package io.github.adammeme.agent;

import io.github.adammeme.llm.ResponseSchema;

/** Turns one role's raw answer into its typed result, or says exactly what is wrong with it. */
@FunctionalInterface
public interface AnswerParser<T> {

    T parse(String answer) throws ParseException;

    /** The JSON schema a structured answer follows, or null for roles that answer in free text. */
    default ResponseSchema schema() {
        return null;
    }

    /** A parser that also offers the endpoint a schema; it must read both that JSON and the text format. */
    static <T> AnswerParser<T> withSchema(ResponseSchema schema, AnswerParser<T> parser) {
        return new AnswerParser<>() {
            @Override
            public T parse(String answer) throws ParseException {
                return parser.parse(answer);
            }

            @Override
            public ResponseSchema schema() {
                return schema;
            }
        };
    }
}
