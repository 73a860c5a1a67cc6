package io.github.adammeme.internal.data.image;

import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * What any failure while preparing a picture becomes: that meme's ImageException, naming the file,
 * so a broken picture costs one meme and never the run. Decoders fail in every way a hostile file
 * can make them (index and size arithmetic, their own stack, a large allocation); only the JVM's
 * own breakdowns (an InternalError, say) are left to end it.
 */
final class ImageFailures {

    private ImageFailures() {}

    static <T> T guard(Path file, Callable<T> task) {
        try {
            return task.call();
        } catch (ImageException e) {
            throw e;
        } catch (InterruptedException | InterruptedIOException | ClosedByInterruptException e) {
            // Someone else interrupted this thread (a run being cancelled): the interrupt is theirs.
            Thread.currentThread().interrupt();
            throw new ImageException("image " + file + " was not prepared: its thread was interrupted", e);
        } catch (OutOfMemoryError e) {
            throw new ImageException(
                    "image " + file + " needed more memory than the heap had left to decode it (" + describe(e) + ")",
                    e);
        } catch (StackOverflowError e) {
            throw new ImageException("image " + file + " is corrupt: its decoder overflowed the stack", e);
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Exception | Error e) {
            throw new ImageException("image " + file + " is corrupt: " + describe(e), e);
        }
    }

    /** A failure in a few words: its kind and its message, which may be missing. */
    static String describe(Throwable failure) {
        String message = failure.getMessage();
        String kind = failure.getClass().getSimpleName();
        return message == null || message.isBlank() ? kind : kind + ": " + message;
    }
}
