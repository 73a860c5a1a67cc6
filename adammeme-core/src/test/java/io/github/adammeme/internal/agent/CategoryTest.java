package io.github.adammeme.internal.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class CategoryTest {

    /** "overall" is the FR row and the test of all categories together: a category of that name would make two. */
    @Test
    void aProposalNamedOverallIsRejectedWhateverItsCase() {
        assertEquals(
                Optional.of("the name 'overall' is reserved for the figures of all categories together"),
                Category.problemWith(" Overall ", "memes about everything"));
        assertEquals(Optional.empty(), Category.problemWith("overall hate", "a category that only begins so"));
    }
}
