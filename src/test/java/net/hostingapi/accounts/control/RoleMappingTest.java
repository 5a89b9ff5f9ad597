package net.hostingapi.accounts.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import net.hostingapi.accounts.entity.Right;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * payara-web.xml maps each role to the group of its name (the token's rights, which
 * TokenAuthenticationModule gives as groups) and to nothing else, but for the one principal the
 * DNS listener's run-as identity needs: a role left out would be held by nobody (with one explicit
 * mapping Payara maps no other role by its name), a principal added would hold a right without a token.
 */
class RoleMappingTest {

    @Test
    void everyRoleIsItsGroupAndOnlyDnsZonesCrudAlsoTheDnsUpdatePrincipal() throws Exception {
        Map<String, List<String>> expected = new TreeMap<>();
        for (Field field : Right.Names.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                String role = (String) field.get(null);
                expected.put(role, new ArrayList<>(List.of("group:" + role)));
            }
        }
        expected.get(Right.Names.DNS_ZONES_CRUD).add("principal:#dns-update");
        for (Right right : Right.values()) {
            assertEquals(true, expected.containsKey(right.name()), right + " has its role name in Right.Names");
        }

        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document descriptor = factory.newDocumentBuilder()
                .parse(Path.of("src/main/webapp/WEB-INF/payara-web.xml").toFile());
        Map<String, List<String>> mapped = new TreeMap<>();
        NodeList mappings = descriptor.getElementsByTagName("security-role-mapping");
        for (int i = 0; i < mappings.getLength(); i++) {
            Element mapping = (Element) mappings.item(i);
            List<String> holders = new ArrayList<>();
            NodeList children = mapping.getChildNodes();
            for (int j = 0; j < children.getLength(); j++) {
                if (children.item(j) instanceof Element child
                        && !child.getTagName().equals("role-name")) {
                    holders.add(child.getTagName().replace("-name", "") + ":"
                            + child.getTextContent().strip());
                }
            }
            mapped.put(
                    mapping.getElementsByTagName("role-name")
                            .item(0)
                            .getTextContent()
                            .strip(),
                    holders);
        }
        assertEquals(expected, mapped);
    }
}
