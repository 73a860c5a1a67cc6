package io.github.adammeme.cli;

import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import java.nio.file.Path;
import java.util.List;

/**
 * A command's output folder, checked before the command reads or writes anything: a folder that is
 * a file, cannot be written, or is one of the command's own inputs (whose files it would overwrite)
 * is named with the argument that gave it, instead of failing half-way with a bare "cannot write".
 */
final class OutputFolders {

    private OutputFolders() {}

    /**
     * @param argument the argument's name in the command's usage, such as {@code MERGED_DIR}
     * @param folder   the folder it names
     * @param inputs   the folders the command reads, which it must not write into
     * @throws IllegalArgumentException naming the argument, the folder and what is wrong with it
     */
    static void check(String argument, Path folder, List<Path> inputs) {
        EvaluationConfig.Outputs.unwritable(folder).ifPresent(why -> {
            throw new IllegalArgumentException(argument + " " + folder + ": " + why + "; nothing was written");
        });
        Path out = folder.toAbsolutePath().normalize();
        for (Path input : inputs) {
            if (out.equals(input.toAbsolutePath().normalize())) {
                throw new IllegalArgumentException(argument + " " + folder + " is also an input of the command, whose"
                        + " files it would overwrite; name a folder of its own; nothing was written");
            }
        }
    }
}
