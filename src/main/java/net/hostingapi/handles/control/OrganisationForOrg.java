package net.hostingapi.handles.control;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import net.hostingapi.handles.entity.HandleType;
import net.hostingapi.platform.messages.control.CommonMessages;

/** A handle of type ORG names its organisation; reported on the field {@code organisation}. */
@Constraint(validatedBy = OrganisationForOrg.Validator.class)
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface OrganisationForOrg {

    String message() default "is required when type is ORG";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Read by the parameter binder for the envelope's message code. */
    CommonMessages code() default CommonMessages.FIELD_REQUIRED;

    class Validator implements ConstraintValidator<OrganisationForOrg, NewHandle> {

        @Override
        public boolean isValid(NewHandle handle, ConstraintValidatorContext context) {
            if (handle.type() != HandleType.ORG
                    || (handle.organisation() != null && !handle.organisation().isBlank())) {
                return true;
            }
            context.disableDefaultConstraintViolation();
            context.buildConstraintViolationWithTemplate(context.getDefaultConstraintMessageTemplate())
                    .addPropertyNode("organisation")
                    .addConstraintViolation();
            return false;
        }
    }
}
