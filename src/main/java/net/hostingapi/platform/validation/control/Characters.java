package net.hostingapi.platform.validation.control;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import net.hostingapi.platform.messages.control.CommonMessages;

/**
 * A text of {@code min} to {@code max} characters, counted as Unicode code points: the bounds of
 * the specification ("at most 100 characters") count characters, and {@code @Size} counts UTF-16
 * units, so it took an emoji for two. The message and code are {@code @Size}'s; the OpenAPI
 * document shows the bounds as {@code minLength}/{@code maxLength}, which JSON Schema also counts
 * in code points. A null value is valid (required is {@code @NotNull}'s or {@code @NotBlank}'s business).
 */
@Constraint(validatedBy = Characters.Validator.class)
@Target({
    ElementType.FIELD,
    ElementType.METHOD,
    ElementType.PARAMETER,
    ElementType.RECORD_COMPONENT,
    ElementType.TYPE_USE
})
@Retention(RetentionPolicy.RUNTIME)
public @interface Characters {

    int min() default 0;

    int max() default Integer.MAX_VALUE;

    String message() default "size must be between {min} and {max}";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Read by the parameter binder for the envelope's message code. */
    CommonMessages code() default CommonMessages.FIELD_TOO_LONG;

    class Validator implements ConstraintValidator<Characters, CharSequence> {

        private int min;
        private int max;

        @Override
        public void initialize(Characters bounds) {
            min = bounds.min();
            max = bounds.max();
        }

        @Override
        public boolean isValid(CharSequence value, ConstraintValidatorContext context) {
            if (value == null) {
                return true;
            }
            int count = count(value);
            return count >= min && count <= max;
        }

        /** The characters (code points) of {@code text}; an unpaired surrogate counts as one. */
        public static int count(CharSequence text) {
            return Character.codePointCount(text, 0, text.length());
        }
    }
}
