package net.hostingapi.platform.openapi.boundary;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An operation whose success answers the object's entity tag in {@code ETag}, for the OpenAPI
 * document (api.md, Conditional requests): with {@link #ifMatch} it takes {@code If-Match} and may
 * answer 412; with {@link #ifNoneMatch} it takes {@code If-None-Match} and may answer 304.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Tagged {

    /** A write to an existing object that If-Match makes conditional (412 when its tag is stale). */
    boolean ifMatch() default false;

    /** A show that answers 304 when If-None-Match names the current tag. */
    boolean ifNoneMatch() default false;

    /** The success carries no ETag (a delete: nothing is left to tag), only the conditions. */
    boolean untagged() default false;
}
