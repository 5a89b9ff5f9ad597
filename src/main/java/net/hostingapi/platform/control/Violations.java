package net.hostingapi.platform.control;

import java.util.ArrayList;
import java.util.List;

/**
 * The violated fields of one request, collected so that a 422 names every one at once (contract
 * section 4). A view {@link #at(String) at} a path adds there: {@code violations.at("records[2]").at("name")}
 * reports {@code records[2].name} with the text {@code "records[2].name: <detail>"}. Views share the list.
 */
public final class Violations {

    private final List<Message> found;
    private final String path;

    public Violations() {
        this(new ArrayList<>(), "");
    }

    private Violations(List<Message> found, String path) {
        this.found = found;
        this.path = path;
    }

    /** The same violations, seen at {@code name} below this view's path ({@code "[2]"} indexes a list). */
    public Violations at(String name) {
        return new Violations(found, path.isEmpty() || name.startsWith("[") ? path + name : path + "." + name);
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
        Violations only = new Violations(new ArrayList<>(), path);
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
        return List.copyOf(found);
    }

    /** Throws the 422 naming every violation, if there is one. */
    public void throwIfAny() {
        if (!found.isEmpty()) {
            throw ApiException.invalid(this);
        }
    }
}
