package io.github.adammeme.internal.data.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.adammeme.internal.llm.ContentPart;
import io.github.adammeme.internal.llm.ImageDetail;
import io.github.adammeme.internal.util.Digests;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** Each role is shown the picture at its own detail and, for endpoints without detail, its own size. */
class RoleImagesTest {

    private static ContentPart.Image png(int width, int height) {
        byte[] bytes = MemeImages.encodePng(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB));
        return new ContentPart.Image("image/png", bytes, Digests.sha256Hex(bytes));
    }

    @Test
    void aRoleGetsItsDetailAndItsSmallerSideWhileOthersGetThePictureAsPrepared() throws IOException {
        RoleImages roles = new RoleImages(ImageDetail.AUTO, Map.of("scorer", ImageDetail.LOW), Map.of("scorer", 256));
        ContentPart.Image prepared = png(768, 512);

        ContentPart.Image scorer = roles.shown("Scorer", prepared);
        assertEquals(ImageDetail.LOW, scorer.detail());
        BufferedImage small = ImageIO.read(new ByteArrayInputStream(scorer.bytes()));
        assertEquals(256, small.getWidth());
        assertEquals(171, small.getHeight(), "the aspect ratio is kept");
        assertEquals(
                Digests.sha256Hex(scorer.bytes()),
                scorer.sha256(),
                "a smaller picture is another picture to the cache");
        assertSame(scorer.bytes(), roles.shown("Scorer", prepared).bytes(), "made once per picture and size");

        ContentPart.Image miner = roles.shown("Miner", prepared);
        assertEquals(ImageDetail.AUTO, miner.detail(), "a role without its own entry gets the fallback");
        assertSame(prepared.bytes(), miner.bytes());
        ContentPart.Image thumbnail = png(200, 100);
        assertSame(
                thumbnail.bytes(),
                roles.shown("Scorer", thumbnail).bytes(),
                "a picture already small enough is not redrawn");
        assertNull(RoleImages.AS_PREPARED.shown("Scorer", prepared).detail(), "no detail field at all");
    }
}
