package net.hostingapi.handles;

import static net.hostingapi.handles.HandleFixtures.created;
import static net.hostingapi.handles.HandleFixtures.person;
import static net.hostingapi.handles.HandleFixtures.show;
import static net.hostingapi.handles.HandleFixtures.uniqueEmail;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.text.Collator;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.hostingapi.support.Api;
import net.hostingapi.support.Database;
import net.hostingapi.support.Deployments;
import net.hostingapi.support.ServiceTest;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/** The nine handle operations, every field rule, the edit rules, the country list and the wall between accounts. */
@ServiceTest
@RunAsClient
class HandlesIT {

    private static final String HANDLES = "/api/v1/domain/handles";
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.service();
    }

    @ArquillianResource
    URL base;

    // ---- create, show, list --------------------------------------------------------------------------

    @Test
    void createStoresEveryFieldAndShowsItInTheContractsShape() {
        Api.Customer customer = Api.at(base).newCustomer();
        Api api = customer.api();
        String projectUuid = api.json(
                        "POST",
                        "/api/v1/projects/create",
                        Json.createObjectBuilder().add("name", "Shop").build())
                .data()
                .getJsonObject("project")
                .getString("uuid");
        String email = uniqueEmail();
        Api.Response response = api.json(
                "POST",
                HANDLES + "/create",
                person(email)
                        .add("type", "ORG")
                        .add("sex", "MALE")
                        .add("organisation", "Muster GmbH")
                        .add("fax", "+49.2211234568")
                        .add("dateofbirth", "1970-04-01")
                        .add("countryofbirth", "AT")
                        .add("user", customer.username())
                        .add("project_uuid", projectUuid)
                        .build());
        assertEquals(201, response.status(), response.body());
        assertEquals(List.of(2020), successCodes(response));
        JsonObject handle = response.data().getJsonObject("handle");

        assertEquals(
                Set.of(
                        "id",
                        "handle",
                        "type",
                        "sex",
                        "firstname",
                        "lastname",
                        "organisation",
                        "street",
                        "number",
                        "postcode",
                        "city",
                        "region",
                        "country",
                        "email",
                        "phone",
                        "fax",
                        "dateofbirth",
                        "countryofbirth",
                        "user",
                        "project_uuid",
                        "verification",
                        "created_at",
                        "updated_at"),
                handle.keySet());
        assertEquals(JsonValue.ValueType.NUMBER, handle.get("id").getValueType());
        assertTrue(handle.getString("handle").matches("H[A-HJ-NP-Z2-9]{9}"), handle.getString("handle"));
        Map<String, String> expected = Map.ofEntries(
                Map.entry("type", "ORG"),
                Map.entry("sex", "MALE"),
                Map.entry("firstname", "Erika"),
                Map.entry("lastname", "Mustermann"),
                Map.entry("organisation", "Muster GmbH"),
                Map.entry("street", "Heidestraße"),
                Map.entry("number", "17b"),
                Map.entry("postcode", "51147"),
                Map.entry("city", "Köln"),
                Map.entry("region", "Nordrhein-Westfalen"),
                Map.entry("country", "DE"),
                Map.entry("email", email),
                Map.entry("phone", "+49.2211234567"),
                Map.entry("fax", "+49.2211234568"),
                Map.entry("dateofbirth", "1970-04-01"),
                Map.entry("countryofbirth", "AT"),
                Map.entry("user", customer.username()),
                Map.entry("project_uuid", projectUuid));
        expected.forEach((field, value) -> assertEquals(value, handle.getString(field), field));
        assertTrue(handle.getString("created_at").matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}"));
        assertTrue(handle.getString("updated_at").matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}"));

        JsonObject verification = handle.getJsonObject("verification");
        assertEquals(Set.of("state", "sent_at", "verified_at", "deadline"), verification.keySet());
        assertEquals("PENDING", verification.getString("state"));
        assertTrue(verification.isNull("verified_at"));
        LocalDateTime sent = LocalDateTime.parse(verification.getString("sent_at"), TIMESTAMP);
        assertEquals(sent.plusDays(15), LocalDateTime.parse(verification.getString("deadline"), TIMESTAMP));
        assertTrue(
                Math.abs(java.time.Duration.between(sent, LocalDateTime.now(ZoneOffset.UTC))
                                .toMinutes())
                        < 10,
                "UTC");

        assertEquals(handle, show(api, handle.getString("handle")));
        assertEquals(
                handle,
                show(api, handle.getString("handle").toLowerCase(Locale.ROOT)),
                "handles are looked up in any case");
        List<JsonObject> listed =
                api.get(HANDLES).data().getJsonArray("handles").getValuesAs(JsonObject.class);
        assertEquals(List.of(handle), listed);
    }

    @Test
    void optionalFieldsLeftOutAreNull() {
        Api api = Api.at(base).newCustomer().api();
        JsonObject handle = created(
                api,
                person(uniqueEmail())
                        .add("fax", JsonValue.NULL)
                        .add("project_uuid", JsonValue.NULL)
                        .add("organisation", "")
                        .add("dateofbirth", ""));
        for (String field : List.of("organisation", "fax", "dateofbirth", "countryofbirth", "user", "project_uuid")) {
            assertTrue(handle.isNull(field), field);
        }
    }

    @Test
    void createTakesAFormBodyAndCountryCodesInAnyCase() {
        Api api = Api.at(base).newCustomer().api();
        String email = uniqueEmail();
        Api.Response response = api.form(
                "POST",
                HANDLES + "/create",
                "type=ROLE&sex=MALE&firstname=Host&lastname=Master"
                        + "&street=Main+Street&number=1&postcode=10115&city=Berlin&region=Berlin&country=de&countryofbirth=fr"
                        + "&email=" + URLEncoder.encode(email, StandardCharsets.UTF_8) + "&phone=%2B49.301234567");
        assertEquals(201, response.status(), response.body());
        JsonObject handle = response.data().getJsonObject("handle");
        assertEquals("DE", handle.getString("country"));
        assertEquals("FR", handle.getString("countryofbirth"));
        assertEquals("ROLE", handle.getString("type"));
    }

    @Test
    void identifiersAreUnique() {
        Api api = Api.at(base).newCustomer().api();
        Set<String> identifiers = new java.util.HashSet<>();
        for (int i = 0; i < 5; i++) {
            identifiers.add(created(api, person(uniqueEmail())).getString("handle"));
        }
        assertEquals(5, identifiers.size());
    }

    // ---- field rules ---------------------------------------------------------------------------------

    @Test
    void anEmptyCreateNamesEveryRequiredField() {
        Api.Response response = Api.at(base)
                .newCustomer()
                .api()
                .json("POST", HANDLES + "/create", Json.createObjectBuilder().build());
        assertEquals(422, response.status(), response.body());
        assertEquals(
                Set.of(
                        "type",
                        "sex",
                        "firstname",
                        "lastname",
                        "street",
                        "number",
                        "postcode",
                        "city",
                        "region",
                        "country",
                        "email",
                        "phone"),
                Set.copyOf(response.errorFields()));
        assertEquals(Set.of(4221), Set.copyOf(response.errorCodes()));
    }

    @Test
    void everyViolatedFieldIsNamedAtOnce() {
        Api.Customer other = Api.at(base).newCustomer();
        String foreignProject = other.api()
                .json(
                        "POST",
                        "/api/v1/projects/create",
                        Json.createObjectBuilder().add("name", "x").build())
                .data()
                .getJsonObject("project")
                .getString("uuid");
        Api api = Api.at(base).newCustomer().api();
        Api.Response response = api.json(
                "POST",
                HANDLES + "/create",
                Json.createObjectBuilder()
                        .add("type", "COMPANY")
                        .add("sex", "DIVERSE")
                        .add("firstname", "x".repeat(101))
                        .add("lastname", "y".repeat(101))
                        .add("organisation", "o".repeat(101))
                        .add("street", "s".repeat(101))
                        .add("number", "12#")
                        .add("postcode", "1234567890123")
                        .add("city", "a@b")
                        .add("region", "(Region)")
                        .add("country", "XX")
                        .add("email", "not-an-address")
                        .add("countryofbirth", "DEU")
                        .add("user", other.username())
                        .add("dateofbirth", "2023-02-30")
                        .add("phone", "+49 221 1234567")
                        .add("fax", "0049.2211234567")
                        .add("project_uuid", foreignProject)
                        .build());
        assertEquals(422, response.status(), response.body());
        assertEquals(
                Set.of(
                        "type",
                        "sex",
                        "firstname",
                        "lastname",
                        "organisation",
                        "street",
                        "number",
                        "postcode",
                        "city",
                        "region",
                        "country",
                        "email",
                        "countryofbirth",
                        "user",
                        "dateofbirth",
                        "phone",
                        "fax",
                        "project_uuid"),
                Set.copyOf(response.errorFields()));
        assertTrue(api.get(HANDLES).data().getJsonArray("handles").isEmpty(), "nothing stored");
    }

    @Test
    void typeAndSexAreEnumerations() {
        Api api = Api.at(base).newCustomer().api();
        for (String type : List.of("PERS", "ORG", "ROLE")) {
            assertEquals(
                    201,
                    create(api, person(uniqueEmail()).add("type", type).add("organisation", "Org"))
                            .status(),
                    type);
        }
        assertInvalid(api, person(uniqueEmail()).add("type", "pers"), "type", 4222);
        for (String sex : List.of("MALE", "FEMALE")) {
            assertEquals(201, create(api, person(uniqueEmail()).add("sex", sex)).status(), sex);
        }
        assertInvalid(api, person(uniqueEmail()).add("sex", "OTHER"), "sex", 4222);
    }

    @Test
    void organisationIsRequiredForOrganisationsOnly() {
        Api api = Api.at(base).newCustomer().api();
        assertInvalid(api, person(uniqueEmail()).add("type", "ORG"), "organisation", 4221);
        assertInvalid(api, person(uniqueEmail()).add("type", "ORG").add("organisation", " "), "organisation", 4221);
        assertEquals(
                201,
                create(api, person(uniqueEmail()).add("type", "ORG").add("organisation", "ACME"))
                        .status());
        assertEquals(201, create(api, person(uniqueEmail()).add("type", "ROLE")).status());
        assertEquals(201, create(api, person(uniqueEmail()).add("type", "PERS")).status());
    }

    @Test
    void lengthBoundsAreInclusive() {
        Api api = Api.at(base).newCustomer().api();
        for (String field : List.of("firstname", "lastname", "organisation", "street", "city", "region")) {
            assertEquals(
                    201,
                    create(api, person(uniqueEmail()).add(field, "a".repeat(100)))
                            .status(),
                    field);
            assertInvalid(api, person(uniqueEmail()).add(field, "a".repeat(101)), field, 4224);
        }
        assertEquals(
                201,
                create(api, person(uniqueEmail()).add("number", "1234567890")).status());
        assertInvalid(api, person(uniqueEmail()).add("number", "12345678901"), "number", 4224);
        assertEquals(
                201,
                create(api, person(uniqueEmail()).add("postcode", "123456789012"))
                        .status());
        assertInvalid(api, person(uniqueEmail()).add("postcode", "1234567890123"), "postcode", 4224);
    }

    /**
     * "At most 100 characters" counts characters (code points): an emoji is one character but two
     * UTF-16 units, so 51 of them were refused as 102. The utf8mb4 columns hold 100 of them.
     */
    @Test
    void lengthBoundsCountCharactersNotUtf16Units() {
        Api api = Api.at(base).newCustomer().api();
        String emoji = "\uD83D\uDE00"; // U+1F600, four bytes in UTF-8
        String hundred = emoji.repeat(100);
        JsonObject handle = created(api, person(uniqueEmail()).add("firstname", emoji.repeat(51)));
        assertEquals(emoji.repeat(51), handle.getString("firstname"));

        String id = created(
                        api,
                        person(uniqueEmail())
                                .add("firstname", hundred)
                                .add("lastname", hundred)
                                .add("organisation", hundred)
                                .add("street", hundred)
                                .add("city", "K" + emoji.repeat(99)))
                .getString("handle");
        JsonObject shown = show(api, id);
        for (String field : List.of("firstname", "lastname", "organisation", "street")) {
            assertEquals(hundred, shown.getString(field), field);
            assertEquals(
                    hundred,
                    Database.value("SELECT " + field + " FROM handles WHERE handle = ?", id),
                    field + " as stored");
        }
        assertEquals("K" + emoji.repeat(99), shown.getString("city"));

        Api.Response tooLong = create(api, person(uniqueEmail()).add("firstname", emoji.repeat(101)));
        assertEquals(422, tooLong.status(), tooLong.body());
        assertEquals(List.of("firstname"), tooLong.errorFields());
        assertEquals(List.of(4224), tooLong.errorCodes());
        assertEquals(
                "firstname: size must be between 0 and 100",
                tooLong.envelope()
                        .getJsonObject("messages")
                        .getJsonArray("errors")
                        .getJsonObject(0)
                        .getString("message"));
    }

    /** The same request gets the same errors in the same order: the order of the fields as declared when none is given. */
    @Test
    void missingFieldsAreNamedInTheOrderOfTheOperationsFieldsEveryTime() {
        Api api = Api.at(base).newCustomer().api();
        List<String> declared = List.of(
                "type",
                "sex",
                "firstname",
                "lastname",
                "street",
                "number",
                "postcode",
                "city",
                "region",
                "country",
                "email",
                "phone");
        for (int attempt = 0; attempt < 5; attempt++) {
            Api.Response response = api.json(
                    "POST", HANDLES + "/create", Json.createObjectBuilder().build());
            assertEquals(422, response.status(), response.body());
            assertEquals(declared, response.errorFields(), "attempt " + attempt);
            assertEquals(
                    List.of(4221), response.errorCodes().stream().distinct().toList());
        }
    }

    /** Errors of given fields come in the order the request gave them, then the missing ones; one error per field and cause. */
    @Test
    void errorsFollowTheOrderOfTheRequestsFields() {
        Api api = Api.at(base).newCustomer().api();
        JsonObject body = Json.createObjectBuilder()
                .add("phone", "123")
                .add("city", "a@b")
                .add("number", "12345678901") // too long, and so against the pattern {1,10}: one cause
                .add("firstname", "x".repeat(101))
                .add("type", "COMPANY")
                .add("email", "not-an-address")
                .add("lastname", "Mustermann")
                .build();
        List<String> expected = List.of(
                "phone",
                "city",
                "number",
                "firstname",
                "type",
                "email",
                "sex",
                "street",
                "postcode",
                "region",
                "country");
        for (int attempt = 0; attempt < 5; attempt++) {
            Api.Response response = api.json("POST", HANDLES + "/create", body);
            assertEquals(422, response.status(), response.body());
            assertEquals(expected, response.errorFields(), "attempt " + attempt + ": " + response.body());
            assertEquals(4224, response.errorCodes().get(expected.indexOf("number")), response.body());
        }
        Api.Response form = api.form(
                "POST",
                HANDLES + "/create",
                "region=%28Region%29&postcode=1234567890123&sex=OTHER&street=" + "s".repeat(101));
        assertEquals(422, form.status(), form.body());
        assertEquals(
                List.of(
                        "region",
                        "postcode",
                        "sex",
                        "street",
                        "type",
                        "firstname",
                        "lastname",
                        "number",
                        "city",
                        "country",
                        "email",
                        "phone"),
                form.errorFields());
    }

    @Test
    void numberFollowsTheSpecsPatternAsWritten() {
        Api api = Api.at(base).newCustomer().api();
        for (String number : List.of("17", "17b", "1-3", "4/5", "12 A", "Z", "12_", "1^2")) {
            assertEquals(
                    201,
                    create(api, person(uniqueEmail()).add("number", number)).status(),
                    number + " (A-z admits _ and ^)");
        }
        for (String number : List.of("12#", "1.5", "1,5", "Nr. 5", "ä1")) {
            assertInvalid(api, person(uniqueEmail()).add("number", number), "number", 4222);
        }
    }

    @Test
    void cityAndRegionRefuseTheirForbiddenCharacters() {
        Api api = Api.at(base).newCustomer().api();
        assertEquals(
                201,
                create(
                                api,
                                person(uniqueEmail())
                                        .add("city", "Saint-Étienne (Loire)")
                                        .add("region", "Île-de-France"))
                        .status());
        for (String city : List.of("a@b", "a`b", "a´b")) {
            assertInvalid(api, person(uniqueEmail()).add("city", city), "city", 4222);
        }
        for (String region : List.of("a@b", "a`b", "a´b", "a(b", "a)b")) {
            assertInvalid(api, person(uniqueEmail()).add("region", region), "region", 4222);
        }
    }

    @Test
    void postcodeIsAnyNonEmptyText() {
        Api api = Api.at(base).newCustomer().api();
        assertEquals(
                201,
                create(api, person(uniqueEmail()).add("postcode", "SW1A 1AA")).status());
        assertInvalid(api, person(uniqueEmail()).add("postcode", ""), "postcode", 4221);
        assertInvalid(api, person(uniqueEmail()).add("postcode", "12\n34"), "postcode", 4222);
    }

    @Test
    void countriesAreAlpha2CodesFromTheList() {
        Api api = Api.at(base).newCustomer().api();
        assertEquals(
                201,
                create(api, person(uniqueEmail()).add("country", "ch").add("countryofbirth", "AX"))
                        .status());
        for (String code : List.of("XX", "DEU", "D", "276", "EU")) {
            assertInvalid(api, person(uniqueEmail()).add("country", code), "country", 4222);
            assertInvalid(api, person(uniqueEmail()).add("countryofbirth", code), "countryofbirth", 4222);
        }
    }

    @Test
    void emailMustBeAnAddress() {
        Api api = Api.at(base).newCustomer().api();
        for (String email : List.of("plain", "a@b", "Erika <erika@example.com>", "a b@example.com")) {
            assertInvalid(api, person(email), "email", 4222);
        }
    }

    @Test
    void dateOfBirthIsARealPastDate() {
        Api api = Api.at(base).newCustomer().api();
        assertEquals(
                201,
                create(api, person(uniqueEmail()).add("dateofbirth", "2000-02-29"))
                        .status());
        String today = LocalDate.now(ZoneOffset.UTC).plusDays(1).toString(); // tomorrow anywhere on earth is not past
        for (String date : List.of("2001-02-29", "1990-13-01", "01.02.1990", "1990-1-2", today, "2999-01-01")) {
            assertInvalid(api, person(uniqueEmail()).add("dateofbirth", date), "dateofbirth", 4222);
        }
    }

    @Test
    void phoneAndFaxAreInInternationalFormat() {
        Api api = Api.at(base).newCustomer().api();
        assertEquals(
                201,
                create(api, person(uniqueEmail()).add("phone", "+1.2").add("fax", "+123.12345678901234"))
                        .status());
        for (String number : List.of(
                "+49 221 123", "0049.221123", "+1234.5", "+49.123456789012345", "+49.", "+.123", "+49-221", "49.221")) {
            assertInvalid(api, person(uniqueEmail()).add("phone", number), "phone", 4222);
            assertInvalid(api, person(uniqueEmail()).add("fax", number), "fax", 4222);
        }
    }

    @Test
    void userAndProjectMustBelongToTheAccount() {
        Api.Customer customer = Api.at(base).newCustomer();
        Api.Customer other = Api.at(base).newCustomer();
        String mine = customer.api()
                .json(
                        "POST",
                        "/api/v1/projects/create",
                        Json.createObjectBuilder().add("name", "mine").build())
                .data()
                .getJsonObject("project")
                .getString("uuid");
        String theirs = other.api()
                .json(
                        "POST",
                        "/api/v1/projects/create",
                        Json.createObjectBuilder().add("name", "theirs").build())
                .data()
                .getJsonObject("project")
                .getString("uuid");
        JsonObject handle = created(
                customer.api(),
                person(uniqueEmail()).add("user", customer.username()).add("project_uuid", mine));
        assertEquals(customer.username(), handle.getString("user"));
        assertEquals(mine, handle.getString("project_uuid"));
        assertInvalid(customer.api(), person(uniqueEmail()).add("user", other.username()), "user", 4222);
        assertInvalid(customer.api(), person(uniqueEmail()).add("user", "nobody-at-all"), "user", 4222);
        assertInvalid(customer.api(), person(uniqueEmail()).add("project_uuid", theirs), "project_uuid", 4222);
        assertInvalid(
                customer.api(),
                person(uniqueEmail()).add("project_uuid", "00000000-0000-0000-0000-000000000000"),
                "project_uuid",
                4222);
    }

    @Test
    void controlCharactersAreRefusedInEveryTextField() {
        Api api = Api.at(base).newCustomer().api();
        assertInvalid(api, person(uniqueEmail()).add("firstname", "Eri\u0000ka"), "firstname", 4222);
        assertInvalid(api, person(uniqueEmail()).add("street", "Line\r\nBcc: x@example.com"), "street", 4222);
    }

    // ---- edit ---------------------------------------------------------------------------------------

    @Test
    void editChangesTheListedFieldsAndKeepsTheRest() {
        Api.Customer customer = Api.at(base).newCustomer();
        Api api = customer.api();
        String project = api.json(
                        "POST",
                        "/api/v1/projects/create",
                        Json.createObjectBuilder().add("name", "p").build())
                .data()
                .getJsonObject("project")
                .getString("uuid");
        JsonObject before = created(
                api,
                person(uniqueEmail())
                        .add("type", "ORG")
                        .add("organisation", "Old GmbH")
                        .add("fax", "+49.1")
                        .add("project_uuid", project)
                        .add("dateofbirth", "1980-01-02"));
        String id = before.getString("handle");

        Api.Response edited = api.json(
                "POST",
                HANDLES + "/edit",
                Json.createObjectBuilder()
                        .add("handle", id)
                        .add("street", "Neue Straße")
                        .add("number", "2")
                        .add("postcode", "10115")
                        .add("city", "Berlin")
                        .add("region", "Berlin")
                        .add("country", "de")
                        .add("email", before.getString("email"))
                        .add("phone", "+49.30123")
                        .add("organisation", "New GmbH")
                        .add("countryofbirth", "it")
                        .add("user", customer.username())
                        .build());
        assertEquals(200, edited.status(), edited.body());
        assertEquals(List.of(2021), successCodes(edited));
        JsonObject after = edited.data().getJsonObject("handle");
        assertEquals(after, show(api, id));
        assertEquals("Neue Straße", after.getString("street"));
        assertEquals("2", after.getString("number"));
        assertEquals("10115", after.getString("postcode"));
        assertEquals("Berlin", after.getString("city"));
        assertEquals("DE", after.getString("country"));
        assertEquals("+49.30123", after.getString("phone"));
        assertEquals("New GmbH", after.getString("organisation"));
        assertEquals("IT", after.getString("countryofbirth"));
        assertEquals(customer.username(), after.getString("user"));
        assertEquals("+49.1", after.getString("fax"), "absent: kept");
        assertEquals(project, after.getString("project_uuid"), "absent: kept");
        for (String fixed : List.of(
                "id", "handle", "type", "sex", "firstname", "lastname", "dateofbirth", "created_at", "verification")) {
            assertEquals(before.get(fixed), after.get(fixed), fixed);
        }

        Api.Response cleared = api.json(
                "POST",
                HANDLES + "/edit",
                addressOf(after)
                        .add("handle", id)
                        .add("fax", JsonValue.NULL)
                        .add("project_uuid", JsonValue.NULL)
                        .build());
        assertEquals(200, cleared.status(), cleared.body());
        assertTrue(cleared.data().getJsonObject("handle").isNull("fax"));
        assertTrue(cleared.data().getJsonObject("handle").isNull("project_uuid"));
        assertEquals("New GmbH", cleared.data().getJsonObject("handle").getString("organisation"));
    }

    @Test
    void editAcceptsTheWholeObjectSentBackUnchanged() {
        Api api = Api.at(base).newCustomer().api();
        JsonObject handle = created(
                api, person(uniqueEmail()).add("dateofbirth", "1975-05-05").add("fax", "+49.2"));
        JsonObjectBuilder whole = Json.createObjectBuilder(handle);
        whole.add("city", "Bonn");
        Api.Response response = api.json("POST", HANDLES + "/edit", whole.build());
        assertEquals(200, response.status(), response.body());
        assertEquals("Bonn", response.data().getJsonObject("handle").getString("city"));
        assertTrue(
                response.warningFields().containsAll(List.of("id", "verification", "created_at", "updated_at")),
                "representation-only fields are ignored with a warning: " + response.warningFields());
    }

    @Test
    void aDateOfBirthWithAMidnightTimeIsThatDate() {
        Api api = Api.at(base).newCustomer().api();
        JsonObject handle = created(api, person(uniqueEmail()).add("dateofbirth", "1980-05-17 00:00:00"));
        assertEquals("1980-05-17", handle.getString("dateofbirth"), "stored and shown as the date");
        Api.Response edited = api.json(
                "POST",
                HANDLES + "/edit",
                Json.createObjectBuilder(handle)
                        .add("dateofbirth", "1980-05-17 00:00:00")
                        .add("city", "Bonn")
                        .build());
        assertEquals(
                200,
                edited.status(),
                "clients formatting dates with a time can send the handle back: " + edited.body());
        assertEquals("Bonn", edited.data().getJsonObject("handle").getString("city"));
        Api.Response changed = api.json(
                "POST",
                HANDLES + "/edit",
                Json.createObjectBuilder(handle)
                        .add("dateofbirth", "1980-05-18 00:00:00")
                        .build());
        assertEquals(422, changed.status(), changed.body());
        assertEquals(List.of(4226), changed.errorCodes(), "another date is still a change");
        for (String notMidnight :
                List.of("1980-05-17 12:00:00", "1980-05-17 00:00:01", "1980-05-17 24:00:00", "1980-05-17T00:00:00")) {
            assertInvalid(api, person(uniqueEmail()).add("dateofbirth", notMidnight), "dateofbirth", 4222);
        }
    }

    @Test
    void editRefusesToChangeWhoTheHandleIs() {
        Api api = Api.at(base).newCustomer().api();
        JsonObject handle = created(api, person(uniqueEmail()).add("dateofbirth", "1975-05-05"));
        Api.Response response = api.json(
                "POST",
                HANDLES + "/edit",
                Json.createObjectBuilder(handle)
                        .add("street", "Elsewhere 1")
                        .add("type", "ROLE")
                        .add("sex", "MALE")
                        .add("firstname", "Max")
                        .add("lastname", "Muster")
                        .add("dateofbirth", "1975-05-06")
                        .build());
        assertEquals(422, response.status(), response.body());
        assertEquals(Set.of("type", "sex", "firstname", "lastname", "dateofbirth"), Set.copyOf(response.errorFields()));
        assertEquals(Set.of(4226), Set.copyOf(response.errorCodes()));
        assertEquals(
                handle.getString("street"),
                show(api, handle.getString("handle")).getString("street"),
                "nothing stored");

        Api.Response oneField = api.json(
                "POST",
                HANDLES + "/edit",
                Json.createObjectBuilder(handle).add("lastname", "Other").build());
        assertEquals(422, oneField.status());
        assertEquals(List.of("lastname"), oneField.errorFields());
    }

    @Test
    void editRequiresItsFieldsAndAppliesTheFieldRules() {
        Api api = Api.at(base).newCustomer().api();
        String id = created(api, person(uniqueEmail())).getString("handle");
        Api.Response missing = api.json(
                "POST",
                HANDLES + "/edit",
                Json.createObjectBuilder().add("handle", id).build());
        assertEquals(422, missing.status(), missing.body());
        assertEquals(
                Set.of("street", "number", "postcode", "city", "region", "country", "email", "phone"),
                Set.copyOf(missing.errorFields()));

        Api.Response invalid = api.json(
                "POST",
                HANDLES + "/edit",
                Json.createObjectBuilder()
                        .add("handle", id)
                        .add("street", "s".repeat(101))
                        .add("number", "#")
                        .add("postcode", "1234567890123")
                        .add("city", "@")
                        .add("region", "()")
                        .add("country", "XX")
                        .add("email", "nope")
                        .add("phone", "123")
                        .add("organisation", "o".repeat(101))
                        .add("countryofbirth", "QQ")
                        .add("user", "nobody-at-all")
                        .add("fax", "1")
                        .add("project_uuid", "nope")
                        .build());
        assertEquals(422, invalid.status(), invalid.body());
        assertEquals(
                Set.of(
                        "street",
                        "number",
                        "postcode",
                        "city",
                        "region",
                        "country",
                        "email",
                        "phone",
                        "organisation",
                        "countryofbirth",
                        "user",
                        "fax",
                        "project_uuid"),
                Set.copyOf(invalid.errorFields()));

        Api.Response noHandle =
                api.json("POST", HANDLES + "/edit", addressOf(show(api, id)).build());
        assertEquals(422, noHandle.status());
        assertEquals(List.of("handle"), noHandle.errorFields());
    }

    /** A blank handle names no handle: 422 on the field, for every operation that takes one. */
    @Test
    void aBlankHandleIsRequired() {
        Api api = Api.at(base).newCustomer().api();
        JsonObject handle = created(api, person(uniqueEmail()));
        JsonObject blank = Json.createObjectBuilder().add("handle", "  ").build();
        List<Api.Response> answers = List.of(
                api.get(HANDLES + "/show?handle=%20%20"),
                api.json("DELETE", HANDLES + "/delete", blank),
                api.json("POST", HANDLES + "/verification/resend", blank),
                api.json("POST", HANDLES + "/verification/refresh", blank),
                api.json(
                        "POST",
                        HANDLES + "/edit",
                        addressOf(handle).add("handle", "  ").build()));
        for (Api.Response answer : answers) {
            assertEquals(422, answer.status(), answer.body());
            assertEquals(List.of("handle"), answer.errorFields(), answer.body());
            assertEquals(List.of(4221), answer.errorCodes(), answer.body());
        }
        assertEquals(1, api.get(HANDLES).data().getJsonArray("handles").size(), "nothing deleted");
    }

    // ---- delete, statistics, countries ---------------------------------------------------------------

    @Test
    void deleteRemovesTheHandle() {
        Api api = Api.at(base).newCustomer().api();
        JsonObject handle = created(api, person(uniqueEmail()));
        String id = handle.getString("handle");
        Api.Response deleted = api.form("DELETE", HANDLES + "/delete", "handle=" + id);
        assertEquals(200, deleted.status(), deleted.body());
        assertEquals(List.of(2022), successCodes(deleted));
        assertEquals(id, deleted.data().getJsonObject("handle").getString("handle"));
        assertEquals(404, api.get(HANDLES + "/show?handle=" + id).status());
        assertEquals(
                404, api.form("DELETE", HANDLES + "/delete", "handle=" + id).status());
        assertTrue(api.get(HANDLES).data().getJsonArray("handles").isEmpty());
    }

    @Test
    void statisticsCountByTypeAndVerificationState() {
        Api api = Api.at(base).newCustomer().api();
        JsonObject empty = api.get(HANDLES + "/statistics").data().getJsonObject("statistics");
        assertEquals(0, empty.getInt("total"));
        assertEquals(Map.of("PERS", 0, "ORG", 0, "ROLE", 0), counts(empty.getJsonObject("by_type")));
        assertEquals(
                Map.of("PENDING", 0, "VERIFIED", 0, "EXPIRED", 0),
                counts(empty.getJsonObject("by_verification_state")));

        created(api, person(uniqueEmail()));
        created(api, person(uniqueEmail()));
        created(api, person(uniqueEmail()).add("type", "ORG").add("organisation", "O"));
        created(api, person(uniqueEmail()).add("type", "ROLE"));
        Api.Customer other = Api.at(base).newCustomer();
        created(other.api(), person(uniqueEmail()));

        Api.Response response = api.get(HANDLES + "/statistics");
        assertEquals(200, response.status(), response.body());
        JsonObject statistics = response.data().getJsonObject("statistics");
        assertEquals(4, statistics.getInt("total"), "the other account's handle does not count");
        assertEquals(Map.of("PERS", 2, "ORG", 1, "ROLE", 1), counts(statistics.getJsonObject("by_type")));
        assertEquals(
                Map.of("PENDING", 4, "VERIFIED", 0, "EXPIRED", 0),
                counts(statistics.getJsonObject("by_verification_state")));
    }

    @Test
    void countriesListEveryAlpha2CodeSortedByName() {
        Api.Response response = Api.at(base).newCustomer().api().get(HANDLES + "/countries");
        assertEquals(200, response.status(), response.body());
        List<JsonObject> countries = response.data().getJsonArray("countries").getValuesAs(JsonObject.class);
        assertEquals(249, countries.size());
        assertTrue(countries.contains(Json.createObjectBuilder()
                .add("code", "DE")
                .add("title", "Germany")
                .build()));
        assertTrue(countries.stream()
                .allMatch(c -> c.keySet().equals(Set.of("code", "title"))
                        && c.getString("code").matches("[A-Z]{2}")));
        assertEquals(
                249, countries.stream().map(c -> c.getString("code")).distinct().count());
        Collator english = Collator.getInstance(Locale.ENGLISH);
        for (int i = 1; i < countries.size(); i++) {
            assertTrue(english.compare(
                            countries.get(i - 1).getString("title"),
                            countries.get(i).getString("title"))
                    <= 0);
        }
    }

    // ---- access ---------------------------------------------------------------------------------------

    @Test
    void anotherAccountsHandlesDoNotExist() {
        Api owner = Api.at(base).newCustomer().api();
        Api stranger = Api.at(base).newCustomer().api();
        JsonObject handle = created(owner, person(uniqueEmail()));
        String id = handle.getString("handle");
        JsonObject ref = Json.createObjectBuilder().add("handle", id).build();

        assertNotFound(stranger.get(HANDLES + "/show?handle=" + id));
        assertNotFound(stranger.json("DELETE", HANDLES + "/delete", ref));
        assertNotFound(stranger.json(
                "POST", HANDLES + "/edit", addressOf(handle).add("handle", id).build()));
        assertNotFound(stranger.json("POST", HANDLES + "/verification/refresh", ref));
        assertNotFound(stranger.json("POST", HANDLES + "/verification/resend", ref));
        assertTrue(stranger.get(HANDLES).data().getJsonArray("handles").isEmpty());
        assertEquals(
                0,
                stranger.get(HANDLES + "/statistics")
                        .data()
                        .getJsonObject("statistics")
                        .getInt("total"));
        assertEquals(handle, show(owner, id), "untouched");
    }

    @Test
    void everyOperationNeedsAValidTokenButNoNamedRight() {
        Api anonymous = Api.at(base);
        JsonObject ref = Json.createObjectBuilder().add("handle", "HAAAAAAAAA").build();
        List<Api.Response> refused = List.of(
                anonymous.get(HANDLES),
                anonymous.get(HANDLES + "/countries"),
                anonymous.json(
                        "POST", HANDLES + "/create", person(uniqueEmail()).build()),
                anonymous.json("DELETE", HANDLES + "/delete", ref),
                anonymous.json("POST", HANDLES + "/edit", ref),
                anonymous.get(HANDLES + "/show?handle=HAAAAAAAAA"),
                anonymous.get(HANDLES + "/statistics"),
                anonymous.json("POST", HANDLES + "/verification/refresh", ref),
                anonymous.json("POST", HANDLES + "/verification/resend", ref));
        for (Api.Response response : refused) {
            assertEquals(401, response.status(), response.body());
        }

        Api.Customer customer = Api.at(base).newCustomer();
        Api.Response bare = customer.api()
                .json(
                        "POST",
                        "/api/v1/account/users/tokens/create",
                        Json.createObjectBuilder()
                                .add("rights", Json.createArrayBuilder())
                                .build());
        assertEquals(201, bare.status(), bare.body());
        assertTrue(
                bare.data().getJsonObject("token").getJsonArray("rights").isEmpty(), "a token holding no right at all");
        Api rightless =
                Api.at(base).withToken(bare.data().getJsonObject("token").getString("token"));
        JsonObject handle = created(rightless, person(uniqueEmail()));
        assertEquals(
                200,
                rightless
                        .get(HANDLES + "/show?handle=" + handle.getString("handle"))
                        .status());
        assertEquals(200, rightless.get(HANDLES + "/countries").status());
    }

    @Test
    void wrongMethodsAndUnknownParameters() {
        Api api = Api.at(base).newCustomer().api();
        assertEquals(405, api.get(HANDLES + "/create").status());
        assertEquals(
                405,
                api.json(
                                "POST",
                                HANDLES + "/delete",
                                Json.createObjectBuilder().add("handle", "H").build())
                        .status());
        Api.Response warned = api.get(HANDLES + "/statistics?verbose=1");
        assertEquals(200, warned.status());
        assertEquals(List.of("verbose"), warned.warningFields());
        assertNotEquals(
                0,
                api.get(HANDLES + "/countries").data().getJsonArray("countries").size());
    }

    // ---- helpers ---------------------------------------------------------------------------------------

    private static Api.Response create(Api api, JsonObjectBuilder fields) {
        return api.json("POST", HANDLES + "/create", fields.build());
    }

    private static void assertInvalid(Api api, JsonObjectBuilder fields, String field, int code) {
        Api.Response response = create(api, fields);
        assertEquals(422, response.status(), field + ": " + response.body());
        assertTrue(response.errorFields().stream().allMatch(field::equals), field + ": " + response.body());
        assertTrue(response.errorCodes().contains(code), field + ": " + response.body());
    }

    private static void assertNotFound(Api.Response response) {
        assertEquals(404, response.status(), response.body());
        assertEquals(List.of(4040), response.errorCodes());
        assertEquals(
                "Handle not found",
                response.envelope()
                        .getJsonObject("messages")
                        .getJsonArray("errors")
                        .getJsonObject(0)
                        .getString("message"));
    }

    /** The fields Edit requires, as the handle has them. */
    private static JsonObjectBuilder addressOf(JsonObject handle) {
        JsonObjectBuilder fields = Json.createObjectBuilder();
        for (String field : List.of("street", "number", "postcode", "city", "region", "country", "email", "phone")) {
            fields.add(field, handle.getString(field));
        }
        return fields;
    }

    private static List<Integer> successCodes(Api.Response response) {
        return response
                .envelope()
                .getJsonObject("messages")
                .getJsonArray("success")
                .getValuesAs(JsonObject.class)
                .stream()
                .map(m -> m.getInt("code"))
                .toList();
    }

    private static Map<String, Integer> counts(JsonObject object) {
        return object.keySet().stream().collect(java.util.stream.Collectors.toMap(k -> k, object::getInt));
    }
}
