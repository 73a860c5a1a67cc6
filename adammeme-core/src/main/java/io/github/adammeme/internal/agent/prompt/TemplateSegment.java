package io.github.adammeme.internal.agent.prompt;

import org.jspecify.annotations.Nullable;

/**
 * A run of a prompt template: literal instructions, a block whose content is filled in, or the
 * place of the picture.
 *
 * @param block the block's name, or null for instructions
 * @param text the instructions, or the block's content with its placeholders
 */
record TemplateSegment(@Nullable String block, String text) {

    static final String PICTURE_LINE = "[image]";

    /** Where the user section places the picture. */
    static final TemplateSegment PICTURE = new TemplateSegment(null, PICTURE_LINE);

    boolean isBlock() {
        return block != null;
    }

    @SuppressWarnings("ReferenceEquality") // the marker is this one instance; a text line "[image]" is not it
    boolean isPicture() {
        return this == PICTURE;
    }
}
