package net.hostingapi.handles.control;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import net.hostingapi.platform.validation.control.Characters;
import net.hostingapi.platform.validation.control.EmailAddress;

/**
 * The rules of a handle's fields, each written once for Create handle ({@link NewHandle}) and Edit
 * handle ({@link HandleChanges}). Each rule composes the constraints it names, and each of those
 * reports on its own, with its own message and code, as if written on the field; the OpenAPI
 * document shows the composed constraints. The patterns are the specification's, used as written
 * (its number pattern really says {@code A-z}).
 */
public final class HandleFields {

    static final String NUMBER = "^[a-zA-z0-9 \\/\\-]{1,10}$";
    static final String POSTCODE = ".+";
    static final String CITY = "^[^@`\u00b4]+$";
    static final String REGION = "^[^@`\u00b4()]+$";
    /** International format: plus sign, country code, dot, subscriber digits. */
    static final String PHONE = "^\\+[0-9]{1,3}\\.[0-9]{1,14}$";

    static final String PHONE_MESSAGE = "must be in international format +CC.NUMBER, e.g. +49.301234567";

    private HandleFields() {}

    @NotBlank
    @Characters(max = 100)
    @Constraint(validatedBy = {})
    @Target({
        ElementType.FIELD,
        ElementType.METHOD,
        ElementType.PARAMETER,
        ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE
    })
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Street {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    /** The house number. */
    @NotBlank
    @Characters(max = 10)
    @Pattern(regexp = NUMBER)
    @Constraint(validatedBy = {})
    @Target({
        ElementType.FIELD,
        ElementType.METHOD,
        ElementType.PARAMETER,
        ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE
    })
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Number {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    @NotBlank
    @Characters(max = 12)
    @Pattern(regexp = POSTCODE)
    @Constraint(validatedBy = {})
    @Target({
        ElementType.FIELD,
        ElementType.METHOD,
        ElementType.PARAMETER,
        ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE
    })
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Postcode {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    @NotBlank
    @Characters(max = 100)
    @Pattern(regexp = CITY)
    @Constraint(validatedBy = {})
    @Target({
        ElementType.FIELD,
        ElementType.METHOD,
        ElementType.PARAMETER,
        ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE
    })
    @Retention(RetentionPolicy.RUNTIME)
    public @interface City {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    @NotBlank
    @Characters(max = 100)
    @Pattern(regexp = REGION)
    @Constraint(validatedBy = {})
    @Target({
        ElementType.FIELD,
        ElementType.METHOD,
        ElementType.PARAMETER,
        ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE
    })
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Region {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    @NotNull
    @CountryCode
    @Constraint(validatedBy = {})
    @Target({
        ElementType.FIELD,
        ElementType.METHOD,
        ElementType.PARAMETER,
        ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE
    })
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Country {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    @NotNull
    @EmailAddress
    @Constraint(validatedBy = {})
    @Target({
        ElementType.FIELD,
        ElementType.METHOD,
        ElementType.PARAMETER,
        ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE
    })
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Email {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    @NotNull
    @Pattern(regexp = PHONE, message = PHONE_MESSAGE)
    @Constraint(validatedBy = {})
    @Target({
        ElementType.FIELD,
        ElementType.METHOD,
        ElementType.PARAMETER,
        ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE
    })
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Phone {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    /** A fax number: a phone number's format; none is required. */
    @Pattern(regexp = PHONE, message = PHONE_MESSAGE)
    @Constraint(validatedBy = {})
    @Target({
        ElementType.FIELD,
        ElementType.METHOD,
        ElementType.PARAMETER,
        ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE
    })
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Fax {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }

    /** Required for a handle of type ORG ({@link OrganisationForOrg}), not here. */
    @Characters(max = 100)
    @Constraint(validatedBy = {})
    @Target({
        ElementType.FIELD,
        ElementType.METHOD,
        ElementType.PARAMETER,
        ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE
    })
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Organisation {
        String message() default "";

        Class<?>[] groups() default {};

        Class<? extends Payload>[] payload() default {};
    }
}
