package io.github.adammeme.internal.agent.answer;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.ResponseSchema;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** Turns one role's raw answer into its typed result, or says exactly what is wrong with it. */
@FunctionalInterface
@API(status = INTERNAL, since = "0.1.0")
public interface AnswerParser<T> {

    /**
     * Reads one raw answer.
     *
     * @param answer the model's output, as received
     * @return the typed result
     * @throws ParseException when the answer does not have the shape the role's contract asks for
     */
    T parse(String answer) throws ParseException;

    /**
     * The JSON schema a structured answer follows, or null for roles that answer in free text.
     *
     * @return the schema, or null
     */
    default @Nullable ResponseSchema schema() {
        return null;
    }

    /**
     * A parser that also offers the endpoint a schema; it must read both that JSON and the text format.
     *
     * @param <T> the parsed result's type
     * @param schema the schema offered to endpoints that take one
     * @param parser reads the answer, whether it came as that JSON or as text
     * @return the parser, carrying the schema
     */
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
