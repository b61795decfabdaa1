package org.stag.engine.jit;

import java.lang.reflect.InvocationTargetException;
import org.stag.engine.javagen.GeneratedSource;

/**
 * A cache entry: the key, the generated source, the loaded class, and how long generating and compiling it
 * took (nanoseconds, measured once when the entry was made).
 */
public record CompiledKernel(KernelKey key, GeneratedSource source, Class<?> kernelClass, long generateNanos,
        long compileNanos) {

    /**
     * A new instance of the kernel class through its public no-argument constructor, as {@code type}.
     *
     * @throws IllegalStateException if the class has no such constructor, is not a {@code type}, or its
     *     constructor throws: all code generator bugs
     */
    public <T> T newInstance(Class<T> type) {
        if (!type.isAssignableFrom(kernelClass)) {
            throw new IllegalStateException("internal error: generated class " + kernelClass.getName()
                    + " is not a " + type.getName());
        }
        try {
            return type.cast(kernelClass.getConstructor().newInstance());
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
            throw new IllegalStateException("internal error: cannot instantiate generated class "
                    + kernelClass.getName() + ": " + e, e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("internal error: constructor of generated class "
                    + kernelClass.getName() + " threw " + e.getCause(), e.getCause());
        }
    }
}
