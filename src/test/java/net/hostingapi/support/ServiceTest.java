package net.hostingapi.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An Arquillian test against Payara Micro (or, in the payara-server execution, a Payara Server
 * domain: {@link PayaraServerExtension}), a real MariaDB and a real SMTP server; the database
 * and the mail server come up first, and {@link ServerLog} listens to Payara's console before
 * Payara starts.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(ServerLog.class)
@ExtendWith(MariaDbExtension.class)
@ExtendWith(GreenMailExtension.class)
@ExtendWith(PayaraServerExtension.class)
@ExtendWith(ArquillianExtension.class)
public @interface ServiceTest {}
