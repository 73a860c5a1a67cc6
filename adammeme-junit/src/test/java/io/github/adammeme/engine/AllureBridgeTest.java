package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class AllureBridgeTest {

    @Test
    void allureWritesUnderTheBuildFolderUnlessTheUserNamedAFolder() {
        assertEquals(
                Optional.of(Path.of("target", "allure-results").toString()),
                AllureBridge.defaultResults(new Properties()));
        Properties named = new Properties();
        named.setProperty("allure.results.directory", "reports/allure");
        assertEquals(Optional.empty(), AllureBridge.defaultResults(named), "allure.properties or -D wins");
    }
}
