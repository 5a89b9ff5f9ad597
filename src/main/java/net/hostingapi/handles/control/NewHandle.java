package net.hostingapi.handles.control;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Past;
import java.time.LocalDate;
import net.hostingapi.accounts.control.KnownProject;
import net.hostingapi.accounts.control.KnownUser;
import net.hostingapi.handles.entity.HandleType;
import net.hostingapi.handles.entity.Sex;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.platform.parameters.control.Param;
import net.hostingapi.platform.validation.control.Characters;

/** The parameters of Create handle, with the specification's field rules. */
@OrganisationForOrg
public record NewHandle(
        @NotNull HandleType type,
        @NotNull Sex sex,
        @NotBlank @Characters(max = 100) String firstname,
        @NotBlank @Characters(max = 100) String lastname,
        @HandleFields.Organisation String organisation,
        @HandleFields.Street String street,
        @HandleFields.Number String number,
        @HandleFields.Postcode String postcode,
        @HandleFields.City String city,
        @HandleFields.Region String region,
        @HandleFields.Country String country,
        @HandleFields.Email String email,
        @Param("countryofbirth") @CountryCode String countryOfBirth,
        @KnownUser String user,
        @Past @Param("dateofbirth") LocalDate dateOfBirth,
        @HandleFields.Phone String phone,
        FieldUpdate<@HandleFields.Fax String> fax,
        @Param("project_uuid") FieldUpdate<@KnownProject String> projectUuid) {}
