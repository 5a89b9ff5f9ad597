package net.hostingapi.handles.control;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
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

/**
 * The parameters of Edit handle. Address, e-mail and phone are required; organisation,
 * countryofbirth and user change when given; fax and project_uuid also clear with null. Type,
 * sex, names and date of birth cannot change: clients send the whole object back, so the stored
 * value is accepted and any other is refused ({@link UnchangedIdentity}).
 */
@UnchangedIdentity
public record HandleChanges(
        @NotBlank String handle,
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

        @NotNull @Pattern(regexp = HandleFields.PHONE, message = HandleFields.PHONE_MESSAGE)
        String phone,

        @Characters(max = 100) String organisation,
        @Param("countryofbirth") @CountryCode String countryOfBirth,
        @KnownUser String user,
        FieldUpdate<@Pattern(regexp = HandleFields.PHONE, message = HandleFields.PHONE_MESSAGE) String> fax,
        @Param("project_uuid") FieldUpdate<@KnownProject String> projectUuid,
        HandleType type,
        Sex sex,
        String firstname,
        String lastname,
        @Param("dateofbirth") LocalDate dateOfBirth) {}
