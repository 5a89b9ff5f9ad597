package net.hostingapi.platform.parameters.control;

import jakarta.validation.valueextraction.ExtractedValue;
import jakarta.validation.valueextraction.ValueExtractor;

/** Lets Bean Validation check the value a {@link FieldUpdate} sets ({@code FieldUpdate<@Min(60) Integer>}). */
public class FieldUpdateValues implements ValueExtractor<FieldUpdate<@ExtractedValue ?>> {

    @Override
    public void extractValues(FieldUpdate<?> update, ValueReceiver receiver) {
        receiver.value(null, update.value());
    }
}
