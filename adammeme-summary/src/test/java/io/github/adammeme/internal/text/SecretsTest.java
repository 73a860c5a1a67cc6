package io.github.adammeme.internal.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SecretsTest {

    /** Meme ids that are URLs stay two ids; a credential in a URL is still never printed. */
    @Test
    void aUrlKeepsItsPlainParametersAndLosesItsCredentials() {
        assertEquals("http://memes.example/view?id=1", Secrets.redact("http://memes.example/view?id=1"));
        assertEquals(
                "http://memes.example/view?id=2&lang=en", Secrets.redact("http://memes.example/view?id=2&lang=en"));
        assertEquals(
                "https://gw.example/v1?api-version=2024-10-21&api-key=[redacted]",
                Secrets.redact("https://gw.example/v1?api-version=2024-10-21&api-key=abc123"));
        assertEquals(
                "https://[redacted]@gw.example/v1?x=[redacted]",
                Secrets.redact("https://user:pass@gw.example/v1?x=9fQ2xLmN8pR4tV6wY1zA"));
        assertEquals(
                "https://s.example/a.png?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]",
                Secrets.redact("https://s.example/a.png?X-Amz-Signature=00ff&X-Amz-Credential=AKIA/2026"));
    }
}
