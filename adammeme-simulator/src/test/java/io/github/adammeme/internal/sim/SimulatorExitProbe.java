package io.github.adammeme.internal.sim;

import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;

/**
 * A run that ends, or crashes, with the shared simulator open and never calls System.exit: its JVM
 * must exit all the same. {@code return} returns from main, {@code throw} throws out of it.
 */
public final class SimulatorExitProbe {

    private SimulatorExitProbe() {}

    public static void main(String[] args) throws Exception {
        SimulatedModelServer server = SimulatedModelServer.shared();
        HttpURLConnection call = (HttpURLConnection)
                URI.create(server.baseUrl() + "/chat/completions").toURL().openConnection();
        call.setRequestMethod("POST");
        call.setDoOutput(true);
        call.setRequestProperty("Content-Type", "application/json");
        call.getOutputStream()
                .write("{\"model\": \"sim:keyword\", \"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}"
                        .getBytes(StandardCharsets.UTF_8));
        int status = call.getResponseCode();
        call.getInputStream().readAllBytes();
        call.disconnect();
        System.out.println("served " + status + "; threads that are not daemons: "
                + Thread.getAllStackTraces().keySet().stream()
                        .filter(t -> !t.isDaemon() && t != Thread.currentThread())
                        .map(Thread::getName)
                        .collect(Collectors.joining(", ")));
        if ("throw".equals(args[0])) {
            throw new IllegalStateException("a crash elsewhere in the JVM");
        }
    }
}
