package net.hostingapi.accounts.control;

import jakarta.inject.Inject;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The uuid of a project of the caller's account; projects of other accounts do not exist. */
@Constraint(validatedBy = KnownProject.Validator.class)
@Target({
    ElementType.FIELD,
    ElementType.METHOD,
    ElementType.PARAMETER,
    ElementType.RECORD_COMPONENT,
    ElementType.TYPE_USE
})
@Retention(RetentionPolicy.RUNTIME)
public @interface KnownProject {

    String message() default AccountReferences.NO_SUCH_PROJECT;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<KnownProject, String> {

        @Inject
        ProjectRegistry projects;

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || projects.find(value).isPresent();
        }
    }
}
