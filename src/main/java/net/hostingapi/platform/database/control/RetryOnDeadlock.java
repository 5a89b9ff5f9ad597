package net.hostingapi.platform.database.control;

import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Repeats a call whose transaction lost a deadlock or a lock wait ({@link DeadlockRetry}). Only
 * for methods that run outside any transaction and call one transactional business method, so
 * that a repetition repeats the whole transaction and nothing else (the resources).
 */
@Inherited
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface RetryOnDeadlock {}
