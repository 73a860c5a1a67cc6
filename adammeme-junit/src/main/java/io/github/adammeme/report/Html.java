package io.github.adammeme.report;

/** Text placed in the report pages (leaderboard, charts), escaped for HTML. */
final class Html {

    private Html() {
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
