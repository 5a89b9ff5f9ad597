package net.hostingapi.platform.parameters.control;

import java.util.Objects;
import java.util.function.Function;

/**
 * A field a request may leave out, clear with JSON {@code null} or set: the three cases an edit
 * must tell apart (api.md, Parameters: absent keeps, null clears). Never null itself.
 */
public final class FieldUpdate<T> {

    private enum Kind {
        ABSENT,
        CLEARED,
        SET
    }

    private static final FieldUpdate<?> ABSENT = new FieldUpdate<>(Kind.ABSENT, null);
    private static final FieldUpdate<?> CLEARED = new FieldUpdate<>(Kind.CLEARED, null);

    private final Kind kind;
    private final T value;

    private FieldUpdate(Kind kind, T value) {
        this.kind = kind;
        this.value = value;
    }

    @SuppressWarnings("unchecked")
    public static <T> FieldUpdate<T> absent() {
        return (FieldUpdate<T>) ABSENT;
    }

    @SuppressWarnings("unchecked")
    public static <T> FieldUpdate<T> cleared() {
        return (FieldUpdate<T>) CLEARED;
    }

    public static <T> FieldUpdate<T> to(T value) {
        return new FieldUpdate<>(Kind.SET, Objects.requireNonNull(value));
    }

    /** Cleared or set: the request said something about the field. */
    public boolean isGiven() {
        return kind != Kind.ABSENT;
    }

    public boolean isSet() {
        return kind == Kind.SET;
    }

    /** The value set; null when absent or cleared. */
    public T value() {
        return value;
    }

    public <R> FieldUpdate<R> map(Function<? super T, ? extends R> mapping) {
        if (kind == Kind.SET) {
            return to(mapping.apply(value));
        }
        return kind == Kind.ABSENT ? absent() : cleared();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FieldUpdate<?> that && kind == that.kind && Objects.equals(value, that.value);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, value);
    }

    @Override
    public String toString() {
        return kind == Kind.SET ? "set " + value : kind.name().toLowerCase(java.util.Locale.ROOT);
    }
}
