package net.hostingapi.accounts.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.LocalDateTime;
import java.util.List;
import net.hostingapi.accounts.control.AccountMessages;
import net.hostingapi.accounts.control.TokenIssuer;
import net.hostingapi.accounts.control.TokenPolicyInput;
import net.hostingapi.accounts.entity.Right;
import net.hostingapi.platform.database.control.RetryOnDeadlock;
import net.hostingapi.platform.envelope.boundary.Reply;
import net.hostingapi.platform.json.control.JsonFields;
import net.hostingapi.platform.messages.control.CommonMessages;
import net.hostingapi.platform.openapi.boundary.Answers;
import net.hostingapi.platform.openapi.boundary.Binds;
import net.hostingapi.platform.parameters.boundary.RequestBinder;
import net.hostingapi.platform.parameters.control.FieldUpdate;
import net.hostingapi.platform.parameters.control.NoParameters;
import net.hostingapi.platform.parameters.control.Param;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@ApplicationScoped
@Tag(name = "Tokens", description = "API tokens of the account")
@RetryOnDeadlock
@Path("account/users/tokens")
@Produces(MediaType.APPLICATION_JSON)
public class TokensResource {

    /**
     * {@code user} defaults to the caller, {@code rights} to the caller's rights that user holds;
     * no {@code valid_until} means no expiry. The policy fields limit what the token may touch
     * (none given: nothing beyond its rights; see TokenPolicy). {@code tsig_algorithm} gives it a
     * TSIG key (api.md, TSIG keys).
     */
    public record NewToken(
            String user,
            @Param("valid_until") LocalDateTime validUntil,
            List<@NotNull Right> rights,
            List<String> zones,
            List<String> names,
            List<String> types,
            List<String> subnets,
            @Param("max_unused_days") Integer maxUnusedDays,
            @Param("tsig_algorithm") String tsigAlgorithm) {}

    /**
     * The policy fields to replace; absent ones stay, {@code null} or {@code []} clears one.
     * {@code tsig_algorithm} gives a token without a TSIG key one.
     */
    public record PolicyChanges(
            FieldUpdate<List<String>> zones,
            FieldUpdate<List<String>> names,
            FieldUpdate<List<String>> types,
            FieldUpdate<List<String>> subnets,
            @Param("max_unused_days") FieldUpdate<Integer> maxUnusedDays,
            @Param("tsig_algorithm") String tsigAlgorithm) {}

    @Inject
    RequestBinder parameters;

    @EJB
    TokenIssuer tokens;

    @POST
    @Path("create")
    @RolesAllowed(Right.Names.ACCOUNT_TOKENS_CRUD)
    @Operation(operationId = "createToken", summary = "Issue a token (its text is shown only here)")
    @Binds(NewToken.class)
    @Answers(data = "token", schema = "Token", status = 201)
    public Reply create() {
        NewToken input = parameters.bind(NewToken.class);
        return Reply.created(
                AccountMessages.CREATED,
                "token",
                AccountRepresentations.issuedToken(tokens.issue(
                        input.user(),
                        input.validUntil(),
                        input.rights(),
                        new TokenPolicyInput(
                                input.zones(), input.names(), input.types(), input.subnets(), input.maxUnusedDays()),
                        input.tsigAlgorithm())));
    }

    @GET
    @Path("tokens")
    @RolesAllowed(Right.Names.ACCOUNT_TOKENS_LIST)
    @Operation(operationId = "listTokens", summary = "List the tokens")
    @Binds(NoParameters.class)
    @Answers(data = "tokens", schema = "Token", array = true)
    public Reply list() {
        parameters.bind(NoParameters.class);
        return Reply.ok(CommonMessages.OK, "tokens", JsonFields.array(tokens.list(), AccountRepresentations::token));
    }

    /** {@code id}: the token's id, or its text (clients call both); see {@link TokenIssuer#show(String)}. */
    @GET
    @Path("{id}")
    @RolesAllowed(Right.Names.ACCOUNT_TOKENS_LIST)
    @Operation(operationId = "showToken", summary = "Show a token")
    @Binds(NoParameters.class)
    @Answers(data = "token", schema = "Token")
    public Reply show(@PathParam("id") String id) {
        parameters.bind(NoParameters.class);
        return Reply.ok(CommonMessages.OK, "token", AccountRepresentations.token(tokens.show(id)));
    }

    @PUT
    @Path("{id}/update")
    @RolesAllowed(Right.Names.ACCOUNT_TOKENS_CRUD)
    @Operation(
            operationId = "updateTokenPolicy",
            summary =
                    "Change a token's policy (zones, names, types, subnets, max_unused_days), or give it a TSIG key (tsig_algorithm)")
    @Binds(value = PolicyChanges.class, example = """
            {"zones": ["example.com"], "names": ["_acme-challenge", "_acme-challenge.*"], "types": ["TXT"], "max_unused_days": 90}""")
    @Answers(data = "token", schema = "Token")
    public Reply update(@PathParam("id") String id) {
        PolicyChanges input = parameters.bind(PolicyChanges.class);
        return Reply.ok(
                AccountMessages.UPDATED,
                "token",
                AccountRepresentations.issuedToken(tokens.restrict(
                        id,
                        input.zones(),
                        input.names(),
                        input.types(),
                        input.subnets(),
                        input.maxUnusedDays(),
                        input.tsigAlgorithm())));
    }

    @POST
    @Path("{id}/deactivate")
    @RolesAllowed(Right.Names.ACCOUNT_TOKENS_CRUD)
    @Operation(operationId = "deactivateToken", summary = "Deactivate a token")
    @Binds(NoParameters.class)
    @Answers(data = "token", schema = "Token")
    public Reply deactivate(@PathParam("id") String id) {
        parameters.bind(NoParameters.class);
        return Reply.ok(AccountMessages.DEACTIVATED, "token", AccountRepresentations.token(tokens.deactivate(id)));
    }
}
