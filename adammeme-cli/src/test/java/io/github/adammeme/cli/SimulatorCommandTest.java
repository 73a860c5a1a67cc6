package io.github.adammeme.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The standalone simulator, as a user starts it to serve a persona under the name their pipeline gates on. */
class SimulatorCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** Standard input already closed: the command serves, says what, and stops. */
    private int run(Map<String, String> settings) throws Exception {
        return SimulatorCommand.run(
                settings,
                new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void itSaysWhichNamesItServesAsWhichPersona() throws Exception {
        assertEquals(0, run(Map.of("adammeme.sim.serve.gpt-4o-mini", "sim:oracle")));
        String said = out.toString(StandardCharsets.UTF_8);
        assertTrue(
                said.matches("(?s)adammeme simulator: http://127\\.0\\.0\\.1:\\d+/v1\\R"
                        + "adammeme simulator: serves gpt-4o-mini as sim:oracle\\R.*"),
                said);
    }

    @Test
    void aPersonaItDoesNotPlayIsOneLineAndExitStatusTwo() throws Exception {
        assertEquals(2, run(Map.of("adammeme.sim.serve.gpt-4o-mini", "sim:oracel")));
        assertEquals(
                "adammeme: adammeme.sim.serve.gpt-4o-mini=sim:oracel names no persona of the simulator: it plays"
                        + " sim:agent, sim:keyword, sim:reader, sim:oracle, sim:refuser, sim:guarded, sim:verbose",
                err.toString(StandardCharsets.UTF_8).strip());
        assertEquals(
                "", out.toString(StandardCharsets.UTF_8), "no URL for a server that serves nothing it was asked to");
    }
}
