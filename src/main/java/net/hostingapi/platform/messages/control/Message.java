package net.hostingapi.platform.messages.control;

/** One entry of the envelope's errors, warnings or success list; {@code field} names the input it concerns, if one. */
public record Message(MessageCode code, String text, String field) {

    public static Message of(MessageCode code) {
        return new Message(code, code.text(), null);
    }

    public static Message of(MessageCode code, String text) {
        return new Message(code, text, null);
    }

    public static Message forField(MessageCode code, String field, String text) {
        return new Message(code, text, field);
    }

    /** A message about a field whose text names the field first ({@code "records[2].ttl: <detail>"}). */
    public static Message about(MessageCode code, String field, String detail) {
        return field == null || field.isEmpty()
                ? new Message(code, detail, null)
                : new Message(code, field + ": " + detail, field);
    }
}
