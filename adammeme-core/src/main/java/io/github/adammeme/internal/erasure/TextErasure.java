package io.github.adammeme.internal.erasure;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.text.Console;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Which {@link TextEraser} a run uses ({@code adammeme.text-erasure}).
 *
 * <p>The built-in eraser lives in the module {@code adammeme-erasure} ({@link BuiltinErasure}, found through
 * ServiceLoader), which adammeme-junit and adammeme-cli bring. A build that leaves it out runs without erasure unless it
 * asks for the built-in eraser: {@link #absent} says so, and the run names {@code adammeme.text-erasure=none} as a
 * departure from the paper.
 *
 * @param mode      builtin, none or precomputed
 * @param directory precomputed: the folder of erased images; builtin: the cache of erased images; none: null
 * @param absent    none because the module of the built-in eraser is not on the classpath and no eraser was asked for
 */
@API(status = INTERNAL, since = "0.1.0")
public record TextErasure(Mode mode, @Nullable Path directory, boolean absent) {

    /** The module of the built-in eraser, as a build names it. */
    public static final String MODULE = "io.github.adammeme:adammeme-erasure";

    /** How the printed text is removed from a meme's picture. */
    public enum Mode {
        /** by the built-in eraser (the default): Tesseract from Maven Central finds the words, their letters are filled in */
        BUILTIN,
        /** not at all: the original picture is sent */
        NONE,
        /** by reading an erased copy of each picture from a folder */
        PRECOMPUTED
    }

    /** Where erased pictures are cached when no folder is named: beside the run, kept between builds. */
    public static final Path DEFAULT_CACHE = Path.of(".adammeme", "erased");

    /**
     * Defaults the cache of the erasers that keep one.
     *
     * @param mode      builtin, none or precomputed
     * @param directory precomputed: the folder of erased images; builtin: the cache, or null for the default
     */
    public TextErasure(Mode mode, @Nullable Path directory) {
        this(mode, directory, false);
    }

    /**
     * Defaults the cache of the erasers that keep one.
     *
     * @param mode      builtin, none or precomputed
     * @param directory precomputed: the folder of erased images; builtin: the cache, or null for the default
     * @param absent    none only because the built-in eraser's module is not on the classpath
     */
    public TextErasure {
        if (directory == null && mode == Mode.BUILTIN) {
            directory = DEFAULT_CACHE;
        }
        if (absent && mode != Mode.NONE) {
            throw new IllegalArgumentException("only a run without erasure lacks its eraser");
        }
    }

    /** No erasure: the original picture is sent. */
    public static final TextErasure NONE = new TextErasure(Mode.NONE, null);

    /**
     * The erasure of a run that names no eraser: the built-in one when its module is on the classpath, else none.
     *
     * @param directory the cache of erased pictures, or null for the default
     * @return builtin, or none marked {@link #absent}
     */
    public static TextErasure byDefault(@Nullable Path directory) {
        return builtin().isPresent()
                ? new TextErasure(Mode.BUILTIN, directory)
                : new TextErasure(Mode.NONE, null, true);
    }

    /**
     * The built-in eraser, when its module is on the classpath.
     *
     * @return its provider, found through ServiceLoader; empty without the module, or when it cannot be loaded
     */
    public static Optional<BuiltinErasure> builtin() {
        return Builtin.PROVIDER;
    }

    /** Looked for once per class loader: the classpath does not change during a run. */
    private static final class Builtin {
        /** Empty, or the error that kept the module on the classpath from loading. */
        static String loadError = "";

        static final Optional<BuiltinErasure> PROVIDER = find();

        private static Optional<BuiltinErasure> find() {
            try {
                return ServiceLoader.load(BuiltinErasure.class, TextErasure.class.getClassLoader())
                        .findFirst();
            } catch (ServiceConfigurationError broken) {
                loadError = Objects.requireNonNullElse(broken.getMessage(), broken.toString());
                return Optional.empty();
            }
        }

        /** Why there is no built-in eraser: a module that is there but cannot be loaded is not called absent. */
        static String unusable() {
            return loadError.isEmpty()
                    ? MODULE + " is not on the classpath"
                    : MODULE + " could not be loaded (" + loadError + ")";
        }
    }

    private static BuiltinErasure requireBuiltin() {
        return builtin()
                .orElseThrow(() -> new IllegalStateException("the built-in eraser needs " + MODULE
                        + " on the classpath"
                        + (Builtin.loadError.isEmpty()
                                ? ""
                                : ", where it could not be loaded (" + Builtin.loadError + ")")
                        + " (adammeme-junit and adammeme-cli bring it; this build leaves it out): add it,"
                        + " or set adammeme.text-erasure=none"));
    }

    /**
     * A mode by name, in any case.
     *
     * @param value builtin, none or precomputed
     * @return the mode
     * @throws IllegalArgumentException naming the allowed values
     */
    public static Mode mode(String value) {
        try {
            return Mode.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("allowed: builtin, none, precomputed");
        }
    }

    /** Fails with what is missing: the erased-image folder or Tesseract's natives. */
    public void check() {
        if (mode == Mode.BUILTIN) {
            requireBuiltin().check();
        }
        if (mode == Mode.PRECOMPUTED && (directory == null || !Files.isDirectory(directory))) {
            throw new IllegalArgumentException("the folder of erased images " + directory + " does not exist");
        }
    }

    /**
     * What this erasure does, for a run's console lines and summary.
     *
     * @return the mode and, in a few words, how it erases and where its pictures are
     */
    public String describe() {
        return switch (mode) {
            case BUILTIN ->
                "builtin (Tesseract from Maven Central finds the words, their letters are filled in from around them;"
                        + " erased pictures cached in "
                        + cache().resolve(requireBuiltin().version()) + ")";
            case NONE ->
                absent
                        ? "none (" + Builtin.unusable() + ": the target sees each picture with its own text)"
                        : "none (the target sees each picture with its own text)";
            case PRECOMPUTED -> "precomputed (erased pictures read from " + directory + ")";
        };
    }

    /** The built-in eraser's cache: never null, the constructor defaults it. */
    private Path cache() {
        return Objects.requireNonNull(directory, "a builtin erasure has its cache");
    }

    /**
     * The eraser, checking that what it needs is there before any meme is read.
     *
     * @param images reads and prepares pictures
     * @return the eraser for this mode
     */
    public TextEraser create(MemeImages images) {
        return switch (mode) {
            case BUILTIN -> requireBuiltin().create(cache(), images);
            case NONE -> {
                if (absent) {
                    Console.warn("text erasure is off: " + Builtin.unusable() + ", so the target sees each"
                            + " picture with its own text (a departure from the paper, adammeme.text-erasure=none);"
                            + " add it for the built-in eraser");
                }
                yield TextEraser.NONE;
            }
            case PRECOMPUTED -> new PrecomputedTextEraser(directory, images);
        };
    }
}
