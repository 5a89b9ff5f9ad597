package net.hostingapi.handles.control;

import jakarta.validation.constraints.NotBlank;
import java.time.LocalDate;
import net.hostingapi.accounts.control.KnownProject;
import net.hostingapi.accounts.control.KnownUser;
import net.hostingapi.handles.entity.HandleType;
import net.hostingapi.handles.entity.Sex;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.platform.parameters.control.Param;

/**
 * The parameters of Edit handle. Address, e-mail and phone are required; organisation,
 * countryofbirth and user change when given; fax and project_uuid also clear with null. Type,
 * sex, names and date of birth cannot change: clients send the whole object back, so the stored
 * value is accepted and any other is refused ({@link UnchangedIdentity}).
 */
@UnchangedIdentity
public record HandleChanges(
        @NotBlank String handle,
        @HandleFields.Street String street,
        @HandleFields.Number String number,
        @HandleFields.Postcode String postcode,
        @HandleFields.City String city,
        @HandleFields.Region String region,
        @HandleFields.Country String country,
        @HandleFields.Email String email,
        @HandleFields.Phone String phone,
        @HandleFields.Organisation String organisation,
        @Param("countryofbirth") @CountryCode String countryOfBirth,
        @KnownUser String user,
        FieldUpdate<@HandleFields.Fax String> fax,
        @Param("project_uuid") FieldUpdate<@KnownProject String> projectUuid,
        HandleType type,
        Sex sex,
        String firstname,
        String lastname,
        @Param("dateofbirth") LocalDate dateOfBirth) {}
