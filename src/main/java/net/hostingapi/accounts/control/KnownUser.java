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

/**
 * The username of a user of the caller's account. Checked while binding, so that it is reported
 * together with every other violated field; users of other accounts do not exist.
 */
@Constraint(validatedBy = KnownUser.Validator.class)
@Target({
    ElementType.FIELD,
    ElementType.METHOD,
    ElementType.PARAMETER,
    ElementType.RECORD_COMPONENT,
    ElementType.TYPE_USE
})
@Retention(RetentionPolicy.RUNTIME)
public @interface KnownUser {

    String message() default AccountReferences.NO_SUCH_USER;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<KnownUser, String> {

        @Inject
        UserDirectory users;

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || users.find(value).isPresent();
        }
    }
}
