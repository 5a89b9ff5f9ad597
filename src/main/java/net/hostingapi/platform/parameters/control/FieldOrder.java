package net.hostingapi.platform.parameters.control;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The order in which a 422 names the fields of one request: the fields the request gave, in the
 * order it gave them, then the ones it left out, in the order the bound record declares them; list
 * elements by index; a field before its sub-fields. The same request is answered with the same list.
 * A path that names nothing of the record (a message without a field) comes last.
 */
public final class FieldOrder implements Comparator<String> {

    private static final Pattern SEGMENT = Pattern.compile("([^.\\[\\]]+)|\\[(\\d+)]");

    private final Class<?> root;
    private final Map<String, Object> values;

    public FieldOrder(Class<?> root, Map<String, Object> values) {
        this.root = root;
        this.values = values;
    }

    @Override
    public int compare(String a, String b) {
        List<long[]> left = rank(a);
        List<long[]> right = rank(b);
        for (int i = 0; i < Math.min(left.size(), right.size()); i++) {
            int order = compare(left.get(i), right.get(i));
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(left.size(), right.size());
    }

    private static int compare(long[] left, long[] right) {
        int order = Long.compare(left[0], right[0]);
        return order != 0 ? order : Long.compare(left[1], right[1]);
    }

    /** One {group, position} per segment: group 0 given in the request, 1 declared only, 2 neither. */
    private List<long[]> rank(String path) {
        List<long[]> ranks = new ArrayList<>();
        if (path == null || path.isEmpty()) {
            ranks.add(new long[] {3, 0});
            return ranks;
        }
        Class<?> type = root;
        Object value = values;
        Matcher segment = SEGMENT.matcher(path);
        while (segment.find()) {
            if (segment.group(2) != null) {
                long index = Long.parseLong(segment.group(2));
                ranks.add(new long[] {0, index});
                value = element(value, index);
                continue;
            }
            String name = segment.group(1);
            RecordComponent[] components = type != null && type.isRecord() ? type.getRecordComponents() : null;
            int declared = -1;
            List<String> names = List.of(name);
            if (components != null) {
                for (int i = 0; i < components.length; i++) {
                    List<String> all = ParameterBinder.names(components[i]);
                    if (all.contains(name)) {
                        declared = i;
                        names = all;
                        break;
                    }
                }
            }
            int given = -1;
            Object next = null;
            if (value instanceof Map<?, ?> map) {
                int position = 0;
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    if (names.contains(String.valueOf(entry.getKey()))) {
                        given = position;
                        next = entry.getValue();
                        break;
                    }
                    position++;
                }
            }
            ranks.add(
                    given >= 0 ? new long[] {0, given} : declared >= 0 ? new long[] {1, declared} : new long[] {2, 0});
            type = declared >= 0 ? elementClass(components[declared].getGenericType()) : null;
            value = next;
        }
        return ranks;
    }

    /** Element {@code index} of a JSON array, or of a PHP-style map with index keys. */
    private static Object element(Object list, long index) {
        if (list instanceof List<?> elements) {
            return index < elements.size() ? elements.get((int) index) : null;
        }
        if (list instanceof Map<?, ?> map) {
            Map<Long, Object> ordered = new TreeMap<>();
            map.forEach((k, v) -> {
                try {
                    ordered.put(Long.parseLong(String.valueOf(k)), v);
                } catch (NumberFormatException e) {
                    // not a list index: not an element
                }
            });
            return ordered.values().stream().skip(index).findFirst().orElse(null);
        }
        return null;
    }

    /** The record a path continues in below a component: a list's or an update's element, else its own type. */
    private static Class<?> elementClass(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            if (raw == List.class || raw == FieldUpdate.class) {
                return elementClass(p.getActualTypeArguments()[0]);
            }
            return raw;
        }
        return null;
    }
}
