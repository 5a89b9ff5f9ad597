package net.hostingapi.platform.limits.boundary;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A public operation counted against a per-address limit: the area binds its limit's filter to it
 * (the datacenter's boot endpoints), and the OpenAPI document gives such an operation its 429.
 */
@NameBinding
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
public @interface RateLimited {}
