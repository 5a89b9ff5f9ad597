package net.hostingapi.dnsupdate.boundary;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import net.hostingapi.accounts.control.ApiPrincipal;
import net.hostingapi.accounts.control.CurrentCaller;
import net.hostingapi.accounts.control.FailedAuthentications;
import net.hostingapi.accounts.control.TokenAuthentication;
import net.hostingapi.accounts.control.TokenAuthentication.TsigKey;
import net.hostingapi.dnsupdate.control.DnsUpdates;
import net.hostingapi.platform.database.control.DeadlockRetry;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Header;
import org.xbill.DNS.Message;
import org.xbill.DNS.Opcode;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.TSIG;
import org.xbill.DNS.TSIGRecord;
import org.xbill.DNS.Type;

/**
 * One DNS message in, its answer out: parsed and signed by dnsjava, the signature verified with
 * the key of the name the message gives (RFC 8945), then the UPDATE or QUERY done as the key's
 * token. Everything that is not a verified request gets over UDP an answer no larger than itself
 * (or none at all for what is no request), so the listener cannot be used to amplify.
 */
@ApplicationScoped
public class DnsExchange {

    /** The largest clock difference accepted in a signature, whatever fudge the client asks for. */
    static final Duration FUDGE = Duration.ofSeconds(300);

    @EJB
    TokenAuthentication authentication;

    @Inject
    FailedAuthentications failures;

    @EJB
    DnsUpdates updates;

    /**
     * The answer to {@code wire} from {@code client} (its address as text), received over TCP
     * when {@code stream}; null where no answer is due (no DNS header, or a response rather than a
     * request).
     */
    public byte[] answer(byte[] wire, String client, boolean stream) {
        if (!isRequest(wire)) {
            return null;
        }
        Message request;
        try {
            request = new Message(wire);
        } catch (Exception e) { // WireParseException, and whatever else a hostile message provokes
            return headerOnly(wire, Rcode.FORMERR);
        }
        int opcode = request.getHeader().getOpcode();
        if (opcode != Opcode.UPDATE && opcode != Opcode.QUERY) {
            return headerOnly(wire, Rcode.NOTIMP);
        }
        TSIGRecord signature = request.getTSIG();
        if (signature == null) {
            if (opcode == Opcode.QUERY) {
                return unsignedSoa(wire, request, stream);
            }
            return headerOnly(wire, Rcode.REFUSED); // no unsigned updates
        }
        Optional<TsigKey> key = authentication.tsigKey(signature.getName(), client);
        if (key.isEmpty() || !key.get().algorithm().dnsName().equals(signature.getAlgorithm())) {
            return refusedSignature(wire, request, signature, client, Rcode.BADKEY, null);
        }
        TSIG tsig = key.get().tsig();
        int verified = tsig.verify(request, wire, null);
        if (verified == Rcode.NOERROR
                && Duration.between(signature.getTimeSigned(), Instant.now())
                                .abs()
                                .compareTo(FUDGE)
                        > 0) {
            verified = Rcode.BADTIME;
        }
        if (verified != Rcode.NOERROR) {
            return refusedSignature(wire, request, signature, client, verified, tsig);
        }
        authentication.tsigKeyUsed(key.get());
        Message response = response(request);
        if (opcode == Opcode.UPDATE) {
            request.getSection(Section.ZONE).forEach(r -> response.addRecord(r, Section.ZONE));
            ApiPrincipal caller = key.get().caller();
            response.getHeader()
                    .setRcode(CurrentCaller.actingAs(
                            caller, () -> DeadlockRetry.repeated("DNS UPDATE", () -> updates.update(caller, request))));
        } else {
            query(request, response, key.get());
        }
        tsig.apply(response, signature);
        return response.toWire(Message.MAXLENGTH);
    }

    /** SOA, or NS at the apex, of a zone the key may see; anything else REFUSED. */
    private void query(Message request, Message response, TsigKey key) {
        Record question = request.getQuestion();
        if (question == null || request.getSection(Section.QUESTION).size() != 1) {
            response.getHeader().setRcode(Rcode.FORMERR);
            return;
        }
        response.addRecord(question, Section.QUESTION);
        int type = question.getType();
        Optional<DnsUpdates.Apex> apex =
                type == Type.SOA || type == Type.NS ? updates.apex(key.caller(), question.getName()) : Optional.empty();
        if (apex.isEmpty() || (type == Type.NS && !apex.get().origin().equals(question.getName()))) {
            response.getHeader().setRcode(Rcode.REFUSED);
            return;
        }
        answerApex(question, response, apex.get());
    }

    /**
     * An unsigned SOA query: lego finds the zone of a name this way, asking the server it then
     * sends its signed UPDATE to. Answered as the zone's public nameservers answer it, but only
     * over TCP: over UDP the answer is the question with TC set (the client asks again over TCP),
     * so that no unsigned answer is larger than its request. Every other unsigned query is
     * REFUSED: no resolver, no public nameserver.
     */
    private byte[] unsignedSoa(byte[] wire, Message request, boolean stream) {
        Record question = request.getQuestion();
        if (question == null
                || request.getSection(Section.QUESTION).size() != 1
                || question.getType() != Type.SOA
                || question.getDClass() != DClass.IN) {
            return headerOnly(wire, Rcode.REFUSED);
        }
        Message response = response(request);
        response.addRecord(question, Section.QUESTION);
        if (!stream) {
            response.getHeader().setFlag(Flags.TC);
            byte[] truncated = response.toWire();
            return truncated.length <= wire.length ? truncated : headerOnly(wire, Rcode.REFUSED);
        }
        Optional<DnsUpdates.Apex> apex = updates.publicApex(question.getName());
        if (apex.isEmpty()) {
            response.getHeader().setRcode(Rcode.REFUSED);
        } else {
            answerApex(question, response, apex.get());
        }
        return response.toWire(Message.MAXLENGTH);
    }

    private static void answerApex(Record question, Message response, DnsUpdates.Apex apex) {
        int type = question.getType();
        response.getHeader().setFlag(Flags.AA);
        if (!apex.origin().equals(question.getName())) {
            response.addRecord(apex.soa(), Section.AUTHORITY); // the enclosing zone, as certbot looks for it
        } else if (type == Type.SOA) {
            response.addRecord(apex.soa(), Section.ANSWER);
        } else {
            apex.nameservers().forEach(ns -> response.addRecord(ns, Section.ANSWER));
        }
    }

    /**
     * NOTAUTH with the TSIG error (RFC 8945 5.3.2): unsigned for BADKEY and BADSIG, signed for
     * BADTIME. Counted as a failed authentication of the client's address; past that limit the
     * client gets a bare REFUSED until the limit lets it in again.
     */
    private byte[] refusedSignature(
            byte[] wire, Message request, TSIGRecord signature, String client, int error, TSIG key) {
        if (failures.fail(client) > 0) {
            return headerOnly(wire, Rcode.REFUSED);
        }
        Message response = response(request);
        response.getHeader().setRcode(Rcode.NOTAUTH);
        TSIG signer = key;
        if (signer == null) {
            try {
                signer = new TSIG(signature.getAlgorithm(), signature.getName(), new byte[32]);
            } catch (RuntimeException e) {
                return headerOnly(wire, Rcode.NOTAUTH); // an algorithm dnsjava does not know: no TSIG record to echo
            }
        }
        signer.apply(response, error, signature);
        byte[] answer = response.toWire(Message.MAXLENGTH);
        return answer.length <= wire.length ? answer : headerOnly(wire, Rcode.NOTAUTH);
    }

    private static Message response(Message request) {
        Message response = new Message(request.getHeader().getID());
        response.getHeader().setFlag(Flags.QR);
        response.getHeader().setOpcode(request.getHeader().getOpcode());
        return response;
    }

    /** SERVFAIL as the request's header only; null where no answer is due ({@link #answer}). */
    static byte[] servfail(byte[] wire) {
        return isRequest(wire) ? headerOnly(wire, Rcode.SERVFAIL) : null;
    }

    /** A DNS header at least, and no response: answers go to requests only. */
    private static boolean isRequest(byte[] wire) {
        return wire.length >= Header.LENGTH && (wire[2] & 0x80) == 0;
    }

    /** An answer of the request's header only: its id and opcode, QR set, {@code rcode}, no sections. */
    static byte[] headerOnly(byte[] request, int rcode) {
        byte[] answer = new byte[Header.LENGTH];
        answer[0] = request[0];
        answer[1] = request[1];
        answer[2] = (byte) (0x80 | (request[2] & 0x78)); // QR, the request's opcode
        answer[3] = (byte) (rcode & 0x0f);
        return answer;
    }
}
