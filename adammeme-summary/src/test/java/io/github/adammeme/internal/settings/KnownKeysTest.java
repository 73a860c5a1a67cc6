package io.github.adammeme.internal.settings;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.Constants;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** A misspelt key stops a run naming the key meant; every key the library reads, and only those, passes. */
class KnownKeysTest {

    @Test
    void misspeltKeysAreNamedWithTheKeyTheyWereMeantToBe() {
        UnknownKeyException e = assertThrows(
                UnknownKeyException.class,
                () -> KnownKeys.check(List.of("adammeme.gate.maxfr"), "a system property, -Dadammeme.gate.maxfr"));
        assertEquals(
                "unknown configuration key 'adammeme.gate.maxfr' (a system property, -Dadammeme.gate.maxfr):"
                        + " did you mean adammeme.gate.max-fr?",
                e.getMessage());
        assertEquals("adammeme.gate.maxfr", e.key());
        assertEquals("adammeme.samples-per-category", KnownKeys.nearest("adammeme.sample-per-category"));
        assertEquals("adammeme.gate.max-fr.race", KnownKeys.nearest("adammeme.gate.maxfr.race"));
        assertEquals("adammeme.image.detail.scorer", KnownKeys.nearest("adammeme.image.detial.scorer"));
        assertEquals("adammeme.target.base-url", KnownKeys.nearest("adammeme.target.baseurl"));
        assertEquals("adammeme.price.gpt-4o", KnownKeys.nearest("adammeme.prices.gpt-4o"));
        assertEquals("adammeme.judge.min-kappa", KnownKeys.nearest("adammeme.judge.minkappa"));
    }

    /** Setting declares the keys without reflecting over Constants: this keeps the table whole. */
    @Test
    void theListsHoldEveryConstantOfConstantsAndNothingElse() throws IllegalAccessException {
        Set<String> keys = new TreeSet<>();
        Set<String> families = new TreeSet<>();
        for (Field field : Constants.class.getFields()) {
            String value = (String) field.get(null);
            boolean key = value.startsWith(Constants.PREFIX) && !value.equals(Constants.PREFIX);
            if (Modifier.isStatic(field.getModifiers()) && key) {
                (value.endsWith(".") ? families : keys).add(value);
            }
        }
        assertEquals(keys, KnownKeys.keys());
        assertEquals(families, KnownKeys.families());
    }

    @Test
    void everyKeyConstantAndEveryNamedMemberOfAFamilyIsKnown() {
        assertTrue(KnownKeys.keys().size() > 80, KnownKeys.keys().toString());
        assertTrue(KnownKeys.keys().contains(Constants.GATE_MAX_FR));
        assertTrue(KnownKeys.keys().contains(Constants.JUDGE_MIN_KAPPA));
        assertTrue(KnownKeys.keys().contains(Constants.SIM_FAULT_429));
        assertFalse(KnownKeys.keys().contains(Constants.PREFIX), "the bare prefix is no key");
        for (String key : List.of(
                "adammeme.gate.max-fr.race",
                "adammeme.price.gpt-4o",
                "adammeme.image.detail.scorer",
                "adammeme.image.max-side.target")) {
            assertTrue(KnownKeys.known(key), key);
        }
        assertFalse(KnownKeys.known("adammeme.gate.max-fr."), "a family needs a name after its dot");
        assertFalse(KnownKeys.known("adammeme.sim.fault.404"), "the simulator's keys are known one by one");
        assertDoesNotThrow(() -> KnownKeys.check(Map.of(
                "adammeme.gate.max-fr",
                "junit-platform.properties",
                "surefire.timeout",
                "a system property",
                "allure.results.directory",
                "a system property")));
    }

    @Test
    void distanceCountsEditsOneByOne() {
        assertEquals(0, KnownKeys.distance("max-fr", "max-fr"));
        assertEquals(1, KnownKeys.distance("maxfr", "max-fr"));
        assertEquals(2, KnownKeys.distance("ab", ""));
        assertEquals(3, KnownKeys.distance("kitten", "sitting"));
    }
}
