package net.hostingapi.platform.envelope.boundary;

import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.transaction.TransactionalException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * A CDI {@code @Transactional} method's failure, answered as {@link ErrorMapper} answers any
 * other. Jersey brings a mapper of its own for this type, which looks for another mapper, finds
 * itself, and throws: a bare 500 (GaleraIT, a record id block whose commit the driver lost while
 * its node froze). The priority makes this one found first for the type.
 */
@Provider
@Priority(1)
public class TransactionalFailures implements ExceptionMapper<TransactionalException> {

    @Context
    HttpServletRequest request;

    @Override
    public Response toResponse(TransactionalException thrown) {
        return ErrorMapper.respond(thrown, request);
    }
}
