package io.github.adammeme.internal.data;

/** Meme text as a prompt wants it. */
final class DatasetText {

    private DatasetText() {}

    /**
     * OCR text keeps the picture's line breaks; a prompt wants one line. Each run of whitespace that
     * holds a line break becomes one space, in one pass: the regex {@code \s*\R\s*} this replaces
     * backtracks over every run of spaces without a break, quadratic in a megabyte-long line.
     */
    static String oneLine(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (!isSpace(c)) {
                out.append(c);
                i++;
                continue;
            }
            int end = i;
            boolean lineBreak = false;
            while (end < text.length() && isSpace(text.charAt(end))) {
                lineBreak |= isLineBreak(text.charAt(end));
                end++;
            }
            if (lineBreak) {
                out.append(' ');
            } else {
                out.append(text, i, end);
            }
            i = end;
        }
        return out.toString().strip();
    }

    /** What {@code \s} or {@code \R} matches. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || isLineBreak(c);
    }

    private static boolean isLineBreak(char c) {
        return c == '\n' || c == '\r' || c == '\u000B' || c == '\f' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }
}
