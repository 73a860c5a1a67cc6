package io.github.adammeme.internal.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * How a method's result follows from its arguments, in JetBrains' notation: {@code "!null -> !null"} says a text
 * given is a text returned. NullAway reads every annotation of this simple name, so a caller that passes a text it
 * knows is there needs no check on what comes back; the methods that return null for null say so in their types.
 */
@API(status = INTERNAL, since = "0.1.0")
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Contract {
    /** @return the clauses, {@code ;}-separated */
    String value();
}
