package net.hostingapi.platform.openapi.boundary;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The record an operation binds its parameters into ({@code parameters.bind(X.class)}), named
 * again here so that the OpenAPI document ({@link OpenApiDocument}) derives the operation's query
 * parameters or request body from the same record: its components, {@code @Param} wire names
 * and Bean Validation constraints.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Binds {

    /** The record; {@code NoParameters.class} for an operation that takes none. */
    Class<? extends Record> value();

    /** A JSON example of the request body, shown by the document; empty: none. */
    String example() default "";
}
