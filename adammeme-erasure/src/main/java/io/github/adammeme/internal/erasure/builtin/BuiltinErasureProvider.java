package io.github.adammeme.internal.erasure.builtin;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.erasure.BuiltinErasure;
import io.github.adammeme.internal.erasure.TextEraser;
import java.nio.file.Path;
import org.apiguardian.api.API;

/** The built-in eraser, as the core finds it: named in META-INF/services, loaded by ServiceLoader. */
@API(status = INTERNAL, since = "0.1.0")
public final class BuiltinErasureProvider implements BuiltinErasure {

    /** For ServiceLoader. */
    public BuiltinErasureProvider() {}

    @Override
    public void check() {
        TesseractWords.check();
    }

    @Override
    public String version() {
        return BuiltinTextEraser.VERSION;
    }

    @Override
    public TextEraser create(Path cache, MemeImages images) {
        return new BuiltinTextEraser(cache, images);
    }
}
