// The README's project with a budget the simulated model keeps, and a unit test of the project's own that fails
// when asked to (-Dexample.break=true).
settings = ['adammeme.gate.max-fr': '90%']
editPom = { String pom ->
    def edited = pom.replace('''  </dependencies>''', '''    <dependency>
      <groupId>org.junit.jupiter</groupId>
      <artifactId>junit-jupiter</artifactId>
      <version>5.14.4</version>
      <scope>test</scope>
    </dependency>
  </dependencies>''')
    assert edited != pom
    edited
}
extraFiles = ['src/test/java/com/example/OwnTest.java': '''package com.example;

import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class OwnTest {

    @Test
    void holds() {
        assertFalse(Boolean.getBoolean("example.break"), "broken on purpose");
    }
}
''']
evaluate(new File(consumer))
