package net.hostingapi.platform.envelope.boundary;

import jakarta.inject.Inject;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import net.hostingapi.platform.logging.boundary.RequestLog;
import net.hostingapi.platform.messages.control.ApiException;
import net.hostingapi.platform.messages.control.CommonMessages;

/**
 * The WAR's error page (WEB-INF/web.xml, for every status and exception): what the container
 * answers by itself inside the application (Jersey's bare {@code sendError}, an exception that
 * escaped a filter, the default servlet's 404) is the envelope instead of Payara's HTML page.
 * Exceptions are classified, and logged, by {@link ErrorMapper} as everywhere else.
 */
@WebServlet(urlPatterns = ErrorPageServlet.PATH)
public class ErrorPageServlet extends HttpServlet {

    static final String PATH = "/.error-envelope";

    @Inject
    RequestLog requestLog;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (request.getDispatcherType() != DispatcherType.ERROR) {
            EnvelopeFilter.writeError(
                    request, response, PATH, new ApiException(404, CommonMessages.PATH_NOT_FOUND), requestLog);
            return;
        }
        Object thrown = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        ApiException failure = thrown instanceof Throwable t
                ? ErrorMapper.classify(t, request)
                : ErrorMapper.forStatus(status instanceof Integer code ? code : 500, request);
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        EnvelopeFilter.writeError(request, response, uri instanceof String s ? s : "-", failure, requestLog);
    }
}
