package net.hostingapi.support;

import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the test SMTP server received, by recipient; mails arrive after commit, so reading waits for them. */
public final class Mailbox {

    private static final long WAIT_MILLIS = 90_000;

    private Mailbox() {}

    /** The mails to {@code recipient}, once there are at least {@code count}; fails after waiting long enough. */
    public static List<MimeMessage> await(String recipient, int count) {
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (true) {
            List<MimeMessage> mails = to(recipient);
            if (mails.size() >= count) {
                return mails;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("expected " + count + " mails to " + recipient + ", got " + mails.size());
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    public static List<MimeMessage> to(String recipient) {
        List<MimeMessage> mails = new ArrayList<>();
        try {
            for (MimeMessage message : GreenMailExtension.server().getReceivedMessages()) {
                Address[] recipients = message.getAllRecipients();
                if (recipients != null
                        && List.of(recipients).stream()
                                .anyMatch(a -> a.toString().equalsIgnoreCase(recipient))) {
                    mails.add(message);
                }
            }
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
        return mails;
    }

    public static String text(MimeMessage message) {
        try {
            return message.getContent().toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first link in the mail that starts with {@code prefix}. */
    public static String link(MimeMessage message, String prefix) {
        Matcher matcher = Pattern.compile(Pattern.quote(prefix) + "\\S*").matcher(text(message));
        if (!matcher.find()) {
            throw new AssertionError("no link " + prefix + " in: " + text(message));
        }
        return matcher.group();
    }
}
