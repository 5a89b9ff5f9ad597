package net.hostingapi.platform.openapi.boundary;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import net.hostingapi.platform.envelope.boundary.Reply;

/**
 * What an operation's envelope carries in {@code data} on success, for the OpenAPI document
 * ({@link OpenApiDocument}): the member name the {@link Reply} files its payload under and the
 * payload's schema (a {@link WireShape} an area declares).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Answers {

    /** The member of {@code data} ({@code "zone"}, {@code "zones"}); empty: {@code data} is the schema itself. */
    String data();

    /** The payload's schema: the name of a {@link WireShape}. */
    String schema();

    /** The payload is an array of the schema. */
    boolean array() default false;

    /**
     * Optional further members of {@code data} beside the payload, each {@code "member:Schema"}
     * (a list's {@code paging}, present only when asked for; see {@link Reply#and}).
     */
    String[] optional() default {};

    /** The success status: 201 for {@link Reply#created}. */
    int status() default 200;
}
