package org.stag.algorithms.run;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.stag.engine.check.CheckedProgram;
import org.stag.engine.check.Checker;
import org.stag.engine.front.Source;
import org.stag.loaders.BadInputException;
import org.stag.loaders.text.IoCause;

/** A user's {@code .stag} program read from a file and checked, as the commands and the Java API read one. */
public final class ProgramFiles {
    private ProgramFiles() {
    }

    /**
     * Reads and checks {@code file}.
     *
     * @throws BadInputException when the file is missing, unreadable or not UTF-8
     * @throws org.stag.engine.front.ProgramException for a syntax or type error, located in the file
     */
    public static CheckedProgram check(Path file) {
        Source source;
        try {
            source = Source.read(file);
        } catch (NoSuchFileException e) {
            throw new BadInputException(file.toString(), 0, "no such file");
        } catch (CharacterCodingException e) {
            throw new BadInputException(file.toString(), 0, "not UTF-8 text");
        } catch (IOException e) {
            throw new BadInputException(file.toString(), 0, "cannot read: " + IoCause.of(e));
        }
        return new Checker().check(source);
    }
}
