package net.hostingapi.datacenter.control;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** An IPv4 or IPv6 address literal (a null is left to {@code @NotNull}). */
@Target({
    ElementType.FIELD,
    ElementType.METHOD,
    ElementType.PARAMETER,
    ElementType.RECORD_COMPONENT,
    ElementType.TYPE_USE
})
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = IpAddress.Validator.class)
public @interface IpAddress {

    String message() default "must be an IP address";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<IpAddress, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || MachineAddress.ip(value).isPresent();
        }
    }
}
