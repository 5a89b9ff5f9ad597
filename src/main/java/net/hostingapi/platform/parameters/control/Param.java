package net.hostingapi.platform.parameters.control;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How a record component appears on the wire: under another name than its Java one
 * ({@code @Param("project_uuid") String projectUuid}), also under aliases (Create zone takes
 * {@code zone} for {@code name}), or never read.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER})
public @interface Param {
    /** The wire name; empty: the component's own name. */
    String value() default "";

    String[] aliases() default {};

    /** Keep {@code ""} as a value instead of treating it as absent (a record name {@code ""} is the apex). */
    boolean keepEmpty() default false;

    /**
     * A text of several lines (a zone file): line breaks and tabs are allowed in it, other control
     * characters still refused. The value is never written into a line of anything as it is.
     */
    boolean lines() default false;

    /** Accepted with any value and never read (show's {@code forceDelete}): no conversion, no warning; the component stays null. */
    boolean ignored() default false;
}
