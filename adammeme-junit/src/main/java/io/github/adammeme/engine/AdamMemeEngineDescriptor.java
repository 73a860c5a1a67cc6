package io.github.adammeme.engine;

import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;
import org.junit.platform.engine.support.hierarchical.Node;

/** The root of the tree: once every suite has run, it writes what compares them and repeats the lost runs. */
final class AdamMemeEngineDescriptor extends EngineDescriptor implements Node<AdamMemeExecutionContext> {

    AdamMemeEngineDescriptor(UniqueId uniqueId) {
        super(uniqueId, "AdamMeme");
    }

    @Override
    public void after(AdamMemeExecutionContext context) {
        context.engine().close();
    }
}
