package net.hostingapi.platform.parameters.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import net.hostingapi.platform.parameters.control.ParameterBinder;
import net.hostingapi.platform.parameters.control.ParameterBinder.Bound;

/** Binds the current request's parameters ({@link RequestParameters}) with the {@link ParameterBinder}. */
@ApplicationScoped
public class RequestBinder {

    @Inject
    HttpServletRequest request;

    @Inject
    ParameterBinder binder;

    /** Binds the current request's parameters, or throws 422 listing every violation. */
    public <R extends Record> R bind(Class<R> type) {
        return binder.bind(RequestParameters.of(request), type);
    }

    /** Binds without throwing; see {@link ParameterBinder#bindWithViolations(net.hostingapi.platform.parameters.control.Parameters, Class)}. */
    public <R extends Record> Bound<R> bindWithViolations(Class<R> type) {
        return binder.bindWithViolations(RequestParameters.of(request), type);
    }
}
