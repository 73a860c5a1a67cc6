package io.github.adammeme.cli.internal;

import io.github.adammeme.internal.agent.Category;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Which category a step of the reference implementation's logs belongs to: the one its data names. The
 * reference code records in each step the task it was run for ({@code "task": "child exploitation"}) and
 * names its log files as it pleases ({@code log_child.json}); its mined pairs are keyed by the same task
 * names. A step therefore goes under its own task, so that a category's pairs and its steps make one row;
 * a file's name says nothing that a recorded task does not, and is read only for a log whose steps record
 * none, matched with the mined pairs' names.
 */
final class ReferenceCategories {

    private final Set<String> mined;

    /** @param mined the categories of mined_pairs.json, normalised; empty without the file */
    ReferenceCategories(Collection<String> mined) {
        this.mined = new TreeSet<>(mined);
    }

    /**
     * The category a step's recorded task names, when it names one that can be a category here.
     *
     * @param task the step's {@code task}, or null when it records none
     * @return the task's name, normalised; empty when there is none or it cannot be a category
     */
    static Optional<String> ofTask(@Nullable String task) {
        if (task == null || task.isBlank()) {
            return Optional.empty();
        }
        String name = Category.normalise(task);
        return Category.problemWith(name, "").isPresent() ? Optional.empty() : Optional.of(name);
    }

    /**
     * The category of a log's steps that record no task of their own: the one task its other steps
     * record, when they agree on one; else the mined pairs' category its file name names, whole
     * ({@code log_child_exploitation.json}) or by its first words ({@code log_child.json}, when only
     * one category of the pairs begins so); else the file's name itself.
     *
     * @param named the file's name between {@code log_} and {@code .json}
     * @param tasks the categories its steps' tasks name, in any order, repeats allowed
     * @return the category, or empty when not even the file's name can be one
     */
    Optional<String> ofFile(String named, Collection<String> tasks) {
        Set<String> recorded = new TreeSet<>(tasks);
        if (recorded.size() == 1) {
            return Optional.of(recorded.iterator().next());
        }
        String name = Category.normalise(named);
        if (mined.contains(name)) {
            return Optional.of(name);
        }
        List<String> beginning =
                mined.stream().filter(c -> c.startsWith(name + " ")).toList();
        if (beginning.size() == 1) {
            return Optional.of(beginning.get(0));
        }
        return Category.problemWith(name, "").isPresent() ? Optional.empty() : Optional.of(name);
    }
}
