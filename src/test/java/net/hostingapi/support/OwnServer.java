package net.hostingapi.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that needs a Payara started for it alone, not the one {@link SharedServer} keeps
 * for the classes testing the shipped WAR: it reads what the service prints while it starts.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface OwnServer {}
