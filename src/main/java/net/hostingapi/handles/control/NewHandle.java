package net.hostingapi.handles.control;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Past;
import jakarta.validation.constraints.Pattern;
import java.time.LocalDate;
import net.hostingapi.accounts.control.KnownProject;
import net.hostingapi.accounts.control.KnownUser;
import net.hostingapi.handles.entity.HandleType;
import net.hostingapi.handles.entity.Sex;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.platform.parameters.control.Param;
import net.hostingapi.platform.validation.control.Characters;
import net.hostingapi.platform.validation.control.EmailAddress;

/** The parameters of Create handle, with the specification's field rules. */
@OrganisationForOrg
public record NewHandle(
        @NotNull HandleType type,
        @NotNull Sex sex,
        @NotBlank @Characters(max = 100) String firstname,
        @NotBlank @Characters(max = 100) String lastname,
        @Characters(max = 100) String organisation,
        @NotBlank @Characters(max = 100) String street,

        @NotBlank @Characters(max = 10) @Pattern(regexp = HandleFields.NUMBER)
        String number,

        @NotBlank @Characters(max = 12) @Pattern(regexp = HandleFields.POSTCODE)
        String postcode,

        @NotBlank @Characters(max = 100) @Pattern(regexp = HandleFields.CITY)
        String city,

        @NotBlank @Characters(max = 100) @Pattern(regexp = HandleFields.REGION)
        String region,

        @NotNull @CountryCode String country,
        @NotNull @EmailAddress String email,
        @Param("countryofbirth") @CountryCode String countryOfBirth,
        @KnownUser String user,
        @Past @Param("dateofbirth") LocalDate dateOfBirth,

        @NotNull @Pattern(regexp = HandleFields.PHONE, message = HandleFields.PHONE_MESSAGE)
        String phone,

        FieldUpdate<@Pattern(regexp = HandleFields.PHONE, message = HandleFields.PHONE_MESSAGE) String> fax,
        @Param("project_uuid") FieldUpdate<@KnownProject String> projectUuid) {}
