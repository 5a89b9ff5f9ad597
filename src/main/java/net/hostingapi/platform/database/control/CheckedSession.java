package net.hostingapi.platform.database.control;

import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The transaction a CDI {@code @Transactional} method begins commits only as the one it began as
 * ({@link SessionContinuity}, which enterprise beans get from ejb-jar.xml without naming it).
 */
@Inherited
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface CheckedSession {}
