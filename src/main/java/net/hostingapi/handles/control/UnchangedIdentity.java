package net.hostingapi.handles.control;

import jakarta.inject.Inject;
import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import net.hostingapi.handles.entity.Handle;
import net.hostingapi.platform.messages.control.CommonMessages;

/**
 * Edit handle may repeat type, sex, firstname, lastname and dateofbirth as stored, and change none
 * of them; each one that differs is reported on its own field. Checked while binding, against the
 * stored handle, so that these refusals come together with every other violated field. An
 * unknown handle passes here and is answered 404 by the edit itself.
 */
@Constraint(validatedBy = UnchangedIdentity.Validator.class)
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface UnchangedIdentity {

    String message() default "cannot be changed";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Read by the parameter binder for the envelope's message code. */
    CommonMessages code() default CommonMessages.FIELD_IMMUTABLE;

    class Validator implements ConstraintValidator<UnchangedIdentity, HandleChanges> {

        @Inject
        HandleRegistry handles;

        @Override
        public boolean isValid(HandleChanges changes, ConstraintValidatorContext context) {
            if (changes.handle() == null) {
                return true;
            }
            Optional<Handle> stored = handles.find(changes.handle());
            if (stored.isEmpty()) {
                return true;
            }
            Handle handle = stored.get();
            Map<String, Boolean> changed = new java.util.LinkedHashMap<>();
            changed.put("type", changes.type() != null && changes.type() != handle.type());
            changed.put("sex", changes.sex() != null && changes.sex() != handle.sex());
            changed.put(
                    "firstname",
                    changes.firstname() != null && !changes.firstname().equals(handle.firstname()));
            changed.put(
                    "lastname",
                    changes.lastname() != null && !changes.lastname().equals(handle.lastname()));
            changed.put(
                    "dateOfBirth",
                    changes.dateOfBirth() != null && !Objects.equals(changes.dateOfBirth(), handle.dateOfBirth()));
            boolean valid = true;
            context.disableDefaultConstraintViolation();
            for (Map.Entry<String, Boolean> field : changed.entrySet()) {
                if (field.getValue()) {
                    valid = false;
                    context.buildConstraintViolationWithTemplate(context.getDefaultConstraintMessageTemplate())
                            .addPropertyNode(field.getKey())
                            .addConstraintViolation();
                }
            }
            return valid;
        }
    }
}
