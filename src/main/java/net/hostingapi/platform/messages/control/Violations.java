package net.hostingapi.platform.messages.control;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The violated fields of one request, collected so that a 422 names every one at once (api.md,
 * The envelope). A view {@link #at(String) at} a path adds there: {@code violations.at("records[2]").at("name")}
 * reports {@code records[2].name} with the text {@code "records[2].name: <detail>"}. Views share the list.
 * <p>
 * Violations of bound parameters are listed in the order of the request's fields ({@code FieldOrder} of the parameters),
 * whenever they were found; those of one field in the order they were found. Without such an
 * order, in the order they were found.
 */
public final class Violations {

    private final List<Message> found;
    private final String path;
    private final Comparator<String> fieldOrder;

    public Violations() {
        this(new ArrayList<>(), "", null);
    }

    /** Violations listed in {@code fieldOrder} of their fields' paths. */
    public Violations(Comparator<String> fieldOrder) {
        this(new ArrayList<>(), "", fieldOrder);
    }

    private Violations(List<Message> found, String path, Comparator<String> fieldOrder) {
        this.found = found;
        this.path = path;
        this.fieldOrder = fieldOrder;
    }

    /** The same violations, seen at {@code name} below this view's path ({@code "[2]"} indexes a list). */
    public Violations at(String name) {
        return new Violations(
                found, path.isEmpty() || name.startsWith("[") ? path + name : path + "." + name, fieldOrder);
    }

    /** The same violations, seen at element {@code index} of this view's list. */
    public Violations at(int index) {
        return at("[" + index + "]");
    }

    /** This view's path, as the envelope names the field. */
    public String path() {
        return path;
    }

    /** A violation of this view's field; its text is the field's path and the detail. */
    public void add(MessageCode code, String detail) {
        found.add(Message.about(code, path, detail));
    }

    /** Whether this view's field (not its sub-fields) is already reported. */
    public boolean reported() {
        return found.stream().anyMatch(m -> path.equals(m.field()));
    }

    /** A copy holding only the violations of this view's field. */
    public Violations only() {
        Violations only = new Violations(new ArrayList<>(), path, fieldOrder);
        found.stream().filter(m -> path.equals(m.field())).forEach(only.found::add);
        return only;
    }

    public boolean isEmpty() {
        return found.isEmpty();
    }

    public int count() {
        return found.size();
    }

    public List<Message> messages() {
        if (fieldOrder == null) {
            return List.copyOf(found);
        }
        List<Message> ordered = new ArrayList<>(found);
        // stable: the violations of one field stay in the order they were found
        ordered.sort(Comparator.comparing(m -> Objects.requireNonNullElse(m.field(), ""), fieldOrder));
        return List.copyOf(ordered);
    }

    /** Throws the 422 naming every violation, if there is one. */
    public void throwIfAny() {
        if (!found.isEmpty()) {
            throw ApiException.invalid(this);
        }
    }
}
