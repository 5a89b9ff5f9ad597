package net.hostingapi.handles.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Objects;
import net.hostingapi.accounts.entity.Account;
import net.hostingapi.accounts.entity.ApiUser;
import net.hostingapi.accounts.entity.Project;

/**
 * A domain handle: a contact an account registers domains with, identified by a generated
 * upper-case {@code handle}. Who it is (type, sex, names, date of birth) is fixed at creation;
 * address and means of contact change. A new e-mail address needs verifying again.
 */
@Entity
@Table(name = "handles")
@NamedQuery(name = Handle.IN_ACCOUNT, query = "SELECT h FROM Handle h WHERE h.account.id = :account ORDER BY h.id")
@NamedQuery(
        name = Handle.BY_HANDLE,
        query = "SELECT h FROM Handle h WHERE h.account.id = :account AND h.handle = :handle")
@NamedQuery(name = Handle.BY_TOKEN, query = "SELECT h FROM Handle h WHERE h.verification.tokenHash = :hash")
@NamedQuery(name = Handle.TAKEN, query = "SELECT COUNT(h) FROM Handle h WHERE h.handle = :handle")
@NamedQuery(
        name = Handle.COUNT_BY_TYPE,
        query = "SELECT h.type, COUNT(h) FROM Handle h WHERE h.account.id = :account GROUP BY h.type")
@NamedQuery(
        name = Handle.COUNT_BY_STATE,
        query = "SELECT h.verification.state, COUNT(h) FROM Handle h "
                + "WHERE h.account.id = :account GROUP BY h.verification.state")
public class Handle {

    public static final String IN_ACCOUNT = "Handle.inAccount";
    public static final String BY_HANDLE = "Handle.byHandle";
    public static final String BY_TOKEN = "Handle.byToken";
    public static final String TAKEN = "Handle.taken";
    public static final String COUNT_BY_TYPE = "Handle.countByType";
    public static final String COUNT_BY_STATE = "Handle.countByState";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(optional = false, fetch = FetchType.LAZY)
    @JoinColumn(name = "account_id")
    private Account account;

    @Column(nullable = false, unique = true, length = 16)
    private String handle;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 4)
    private HandleType type;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 6)
    private Sex sex;

    @Column(nullable = false, length = 100)
    private String firstname;

    @Column(nullable = false, length = 100)
    private String lastname;

    @Column(length = 100)
    private String organisation;

    @Column(nullable = false, length = 100)
    private String street;

    @Column(nullable = false, length = 10)
    private String number;

    @Column(nullable = false, length = 12)
    private String postcode;

    @Column(nullable = false, length = 100)
    private String city;

    @Column(nullable = false, length = 100)
    private String region;

    @Column(nullable = false, length = 2)
    private String country;

    @Column(nullable = false, length = 254)
    private String email;

    @Column(nullable = false, length = 20)
    private String phone;

    @Column(length = 20)
    private String fax;

    private LocalDate dateofbirth;

    @Column(length = 2)
    private String countryofbirth;

    @ManyToOne(fetch = FetchType.EAGER)
    @JoinColumn(name = "user_id")
    private ApiUser user;

    @ManyToOne(fetch = FetchType.EAGER)
    @JoinColumn(name = "project_id")
    private Project project;

    @Embedded
    private Verification verification = new Verification();

    @Version
    private long version;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private LocalDateTime updatedAt;

    protected Handle() {}

    /** A handle with who it is; address and contact follow with the other methods. */
    public Handle(
            Account account,
            String handle,
            HandleType type,
            Sex sex,
            String firstname,
            String lastname,
            LocalDate dateofbirth,
            String email) {
        this.account = account;
        this.handle = handle;
        this.type = type;
        this.sex = sex;
        this.firstname = firstname;
        this.lastname = lastname;
        this.dateofbirth = dateofbirth;
        this.email = email;
        this.createdAt = LocalDateTime.now(ZoneOffset.UTC);
        this.updatedAt = createdAt;
    }

    public void address(
            String newStreet,
            String newNumber,
            String newPostcode,
            String newCity,
            String newRegion,
            String newCountry) {
        street = newStreet;
        number = newNumber;
        postcode = newPostcode;
        city = newCity;
        region = newRegion;
        country = newCountry;
        touch();
    }

    public void organisation(String newOrganisation) {
        organisation = newOrganisation;
        touch();
    }

    public void phone(String newPhone) {
        phone = newPhone;
        touch();
    }

    /** null clears it. */
    public void fax(String newFax) {
        fax = newFax;
        touch();
    }

    public void countryOfBirth(String newCountry) {
        countryofbirth = newCountry;
        touch();
    }

    public void user(ApiUser newUser) {
        user = newUser;
        touch();
    }

    /** null clears it. */
    public void project(Project newProject) {
        project = newProject;
        touch();
    }

    /** @return whether the address differs from the one stored, which then needs verifying anew */
    public boolean changeEmail(String newEmail) {
        if (Objects.equals(email, newEmail)) {
            return false;
        }
        email = newEmail;
        touch();
        return true;
    }

    private void touch() {
        updatedAt = LocalDateTime.now(ZoneOffset.UTC);
    }

    public Long id() {
        return id;
    }

    public Account account() {
        return account;
    }

    public String handle() {
        return handle;
    }

    public HandleType type() {
        return type;
    }

    public Sex sex() {
        return sex;
    }

    public String firstname() {
        return firstname;
    }

    public String lastname() {
        return lastname;
    }

    public String organisation() {
        return organisation;
    }

    public String street() {
        return street;
    }

    public String number() {
        return number;
    }

    public String postcode() {
        return postcode;
    }

    public String city() {
        return city;
    }

    public String region() {
        return region;
    }

    public String country() {
        return country;
    }

    public String email() {
        return email;
    }

    public String phone() {
        return phone;
    }

    public String fax() {
        return fax;
    }

    public LocalDate dateOfBirth() {
        return dateofbirth;
    }

    public String countryOfBirth() {
        return countryofbirth;
    }

    public ApiUser user() {
        return user;
    }

    public Project project() {
        return project;
    }

    public Verification verification() {
        return verification;
    }

    /** Raised by every change of the row (optimistic locking); part of the handle's entity tag. */
    public long version() {
        return version;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public LocalDateTime updatedAt() {
        return updatedAt;
    }
}
