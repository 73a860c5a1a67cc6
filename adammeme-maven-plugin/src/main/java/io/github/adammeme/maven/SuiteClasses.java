package io.github.adammeme.maven;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The project's AdamMeme suites: the compiled test classes marked {@code @AdamMemeSuite}, directly or through an
 * annotation of the user's that carries it. They are loaded, never initialised, by a loader of the project's own
 * test classpath, so the annotation is the one the project's adammeme-junit defines, whatever its version.
 */
final class SuiteClasses {

    static final String ANNOTATION = "io.github.adammeme.engine.AdamMemeSuite";

    private SuiteClasses() {}

    /**
     * @param testClasses the compiled test classes
     * @param classpath   the project's test classpath, test classes first
     * @return the suites' class names, sorted
     * @throws IOException when the folder cannot be walked
     */
    static List<String> find(Path testClasses, List<String> classpath) throws IOException {
        if (!Files.isDirectory(testClasses)) {
            return List.of();
        }
        List<URL> urls = new ArrayList<>();
        for (String element : classpath) {
            try {
                urls.add(Path.of(element).toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IOException("a test classpath element that is no path: " + element, e);
            }
        }
        TreeSet<String> suites = new TreeSet<>();
        try (URLClassLoader loader =
                        new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
                Stream<Path> files = Files.walk(testClasses)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = testClasses
                        .relativize(file)
                        .toString()
                        .replace(file.getFileSystem().getSeparator(), ".");
                name = name.substring(0, name.length() - ".class".length());
                if (isSuite(loader, name)) {
                    suites.add(name);
                }
            }
        }
        return List.copyOf(suites);
    }

    private static boolean isSuite(ClassLoader loader, String name) {
        try {
            Class<?> type = Class.forName(name, false, loader);
            for (Annotation a : type.getAnnotations()) {
                if (a.annotationType().getName().equals(ANNOTATION)
                        || Stream.of(a.annotationType().getAnnotations())
                                .anyMatch(
                                        meta -> meta.annotationType().getName().equals(ANNOTATION))) {
                    return true;
                }
            }
            return false;
        } catch (ClassNotFoundException | LinkageError | RuntimeException unreadable) {
            // A class whose annotations cannot be read here is no suite the engine could have run either.
            return false;
        }
    }
}
