package net.hostingapi.handles.control;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** An ISO 3166-1 alpha-2 code from the countries list (any letter case; stored upper case). */
@Constraint(validatedBy = CountryCode.Validator.class)
@Target({
    ElementType.FIELD,
    ElementType.METHOD,
    ElementType.PARAMETER,
    ElementType.RECORD_COMPONENT,
    ElementType.TYPE_USE
})
@Retention(RetentionPolicy.RUNTIME)
public @interface CountryCode {

    String message() default "must be an ISO 3166-1 alpha-2 country code from the countries list";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<CountryCode, String> {

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || Countries.normalize(value).isPresent();
        }
    }
}
