package net.hostingapi.platform.validation.control;

import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A deliverable-looking e-mail address: parsed strictly by Jakarta Mail (RFC 822 syntax), a bare
 * address without display name, and a domain with at least two labels (Bean Validation's
 * {@code @Email} accepts {@code a@b}, which no mail server takes).
 */
@Constraint(validatedBy = EmailAddress.Validator.class)
@Target({
    ElementType.FIELD,
    ElementType.METHOD,
    ElementType.PARAMETER,
    ElementType.RECORD_COMPONENT,
    ElementType.TYPE_USE
})
@Retention(RetentionPolicy.RUNTIME)
public @interface EmailAddress {

    String message() default "must be an e-mail address";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<EmailAddress, String> {

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || isValid(value);
        }

        public static boolean isValid(String value) {
            if (value.length() > 254) {
                return false;
            }
            try {
                InternetAddress address = new InternetAddress(value, true);
                address.validate();
                String parsed = address.getAddress();
                int at = parsed.lastIndexOf('@');
                return parsed.equals(value)
                        && at > 0
                        && address.getPersonal() == null
                        && parsed.substring(at + 1).matches("(?i)([a-z0-9](-*[a-z0-9])*\\.)+[a-z](-*[a-z0-9])*");
            } catch (AddressException e) {
                return false;
            }
        }
    }
}
