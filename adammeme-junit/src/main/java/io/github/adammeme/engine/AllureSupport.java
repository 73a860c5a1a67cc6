package io.github.adammeme.engine;

/**
 * Whether Allure's JUnit Platform listener is on the classpath. allure-junit-platform is an optional dependency: a
 * build without it runs every suite and writes every run file, and the engine feeds Allure nothing, rather than
 * failing on the first Allure class it names.
 */
final class AllureSupport {

    /** Looked up once: the classpath does not change under a running launcher. */
    static final boolean PRESENT = present("io.qameta.allure.junitplatform.AllureJunitPlatform");

    private AllureSupport() {}

    private static boolean present(String listener) {
        try {
            Class.forName(listener, false, AllureSupport.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError absent) {
            return false;
        }
    }
}
