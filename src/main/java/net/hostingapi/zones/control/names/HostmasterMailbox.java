package net.hostingapi.zones.control.names;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.regex.Pattern;
import net.hostingapi.platform.validation.control.EmailAddress;
import org.xbill.DNS.Name;
import org.xbill.DNS.TextParseException;

/**
 * A zone's hostmaster: an e-mail address that the SOA can name as its RNAME (RFC 1035 section
 * 8), the local part becoming the first label. Only unquoted local parts of RFC 5322 atoms are
 * taken: every such character is printable ASCII, which BIND's check-names requires of that label,
 * and the few that are special in a master file are escaped ({@link #rname}). Quoted local parts
 * (spaces, semicolons, parentheses), backslashes and non-ASCII letters are refused rather than
 * written into zone files that nameservers refuse or read differently.
 */
@Constraint(validatedBy = HostmasterMailbox.Validator.class)
@Target({
    ElementType.FIELD,
    ElementType.METHOD,
    ElementType.PARAMETER,
    ElementType.RECORD_COMPONENT,
    ElementType.TYPE_USE
})
@Retention(RetentionPolicy.RUNTIME)
public @interface HostmasterMailbox {

    String message() default
            "must be an e-mail address whose local part is letters, digits, dots and !#$%&'*+-/=?^_`{|}~ (at most 63 characters)";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** RFC 5322 dot-atom text. */
    Pattern LOCAL_PART = Pattern.compile("[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*");

    class Validator implements ConstraintValidator<HostmasterMailbox, String> {

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || isValid(value);
        }

        public static boolean isValid(String email) {
            if (!EmailAddress.Validator.isValid(email)) {
                return false;
            }
            String local = email.substring(0, email.lastIndexOf('@'));
            if (local.length() > 63 || !LOCAL_PART.matcher(local).matches()) {
                return false;
            }
            try {
                return Name.fromString(rname(email)).labels()
                        == email.substring(email.lastIndexOf('@') + 1).split("\\.").length + 2;
            } catch (TextParseException e) {
                return false; // longer than 255 octets
            }
        }

        /**
         * The SOA's RNAME in presentation format: {@code first.last@example.com} is
         * {@code first\.last.example.com.}; {@code $} and the other characters RFC 1035 gives a
         * meaning are escaped.
         */
        public static String rname(String email) {
            int at = email.lastIndexOf('@');
            StringBuilder label = new StringBuilder();
            for (char c : email.substring(0, at).toCharArray()) {
                if ("\"().;\\@$ ".indexOf(c) >= 0) {
                    label.append('\\');
                }
                label.append(c);
            }
            String domain = email.substring(at + 1);
            return label + "." + (domain.endsWith(".") ? domain : domain + ".");
        }
    }
}
