package io.github.adammeme.internal.llm.http;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.BaseUrl;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Whether a host is this machine, decided on the addresses it resolves to, never on its name: a name such as
 * {@code 127.0.0.1.example.com} or {@code localhost.example.com} may resolve anywhere. A host is this machine only when
 * it resolves and every address it resolves to is a loopback address; a client may connect to any of them.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ThisMachine {

    private static final int ADDRESSES_SHOWN = 3;

    private ThisMachine() {}

    /**
     * @param url a base URL that {@linkplain BaseUrl#parse parses}
     * @return why its host is not known to be this machine (what it resolves to, or that it resolves to nothing),
     *         or empty when every address of it is a loopback address
     */
    public static Optional<String> notThisMachine(URI url) {
        String host = url.getHost();
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException | SecurityException e) {
            return Optional.of(host + " resolves to no address here");
        }
        return notLoopback(host, Arrays.asList(addresses));
    }

    /**
     * @param host      the host's name, for the reason
     * @param addresses what it resolved to
     * @return why these addresses are not all this machine's, or empty when every one is a loopback address
     */
    static Optional<String> notLoopback(String host, List<InetAddress> addresses) {
        if (addresses.isEmpty()) {
            return Optional.of(host + " resolves to no address here");
        }
        List<InetAddress> elsewhere =
                addresses.stream().filter(a -> !a.isLoopbackAddress()).toList();
        if (elsewhere.isEmpty()) {
            return Optional.empty();
        }
        String shown = elsewhere.stream()
                .limit(ADDRESSES_SHOWN)
                .map(InetAddress::getHostAddress)
                .collect(Collectors.joining(", "));
        boolean literal = host.startsWith("[") || host.matches("[0-9.]+");
        return Optional.of(
                literal
                        ? host + " is not a loopback address"
                        : host + " resolves to " + shown + (elsewhere.size() > ADDRESSES_SHOWN ? " and more" : ""));
    }
}
