package io.github.adammeme.maven;

import io.github.adammeme.internal.text.Printable;
import org.apache.maven.plugin.logging.Log;

/**
 * The gate goal's log, each message made one printable line: what it prints comes from summary.json files (a
 * target's name, categories, the reason a run was lost), which anyone who can write the build's folder may have
 * filled with a line break and "[INFO] release decision PASSED", or with terminal escapes.
 */
final class PrintableLog implements Log {

    private final Log log;

    PrintableLog(Log log) {
        this.log = log;
    }

    private static String line(CharSequence content) {
        return Printable.escaped(String.valueOf(content));
    }

    @Override
    public boolean isDebugEnabled() {
        return log.isDebugEnabled();
    }

    @Override
    public void debug(CharSequence content) {
        log.debug(line(content));
    }

    @Override
    public void debug(CharSequence content, Throwable error) {
        log.debug(line(content), error);
    }

    @Override
    public void debug(Throwable error) {
        log.debug(error);
    }

    @Override
    public boolean isInfoEnabled() {
        return log.isInfoEnabled();
    }

    @Override
    public void info(CharSequence content) {
        log.info(line(content));
    }

    @Override
    public void info(CharSequence content, Throwable error) {
        log.info(line(content), error);
    }

    @Override
    public void info(Throwable error) {
        log.info(error);
    }

    @Override
    public boolean isWarnEnabled() {
        return log.isWarnEnabled();
    }

    @Override
    public void warn(CharSequence content) {
        log.warn(line(content));
    }

    @Override
    public void warn(CharSequence content, Throwable error) {
        log.warn(line(content), error);
    }

    @Override
    public void warn(Throwable error) {
        log.warn(error);
    }

    @Override
    public boolean isErrorEnabled() {
        return log.isErrorEnabled();
    }

    @Override
    public void error(CharSequence content) {
        log.error(line(content));
    }

    @Override
    public void error(CharSequence content, Throwable error) {
        log.error(line(content), error);
    }

    @Override
    public void error(Throwable error) {
        log.error(error);
    }
}
