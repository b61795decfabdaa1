package org.stag.loaders.mtx;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Supplier;
import org.stag.loaders.BadInputException;
import org.stag.loaders.EdgeList;
import org.stag.loaders.ExactValues;
import org.stag.loaders.GraphBlasType;
import org.stag.loaders.LoadOptions;
import org.stag.loaders.MemoryBudget;
import org.stag.loaders.Symmetry;
import org.stag.loaders.ValueKind;
import org.stag.loaders.VertexIds;
import org.stag.loaders.text.ByteScanner;
import org.stag.loaders.text.EntryParser;
import org.stag.loaders.text.HeaderReader;
import org.stag.loaders.text.InputFiles;
import org.stag.loaders.text.IoCause;
import org.stag.loaders.text.ParallelParser;

/**
 * Reads Matrix Market files ({@code .mtx}, optionally gzipped). Coordinate data is parsed in parallel;
 * array (dense) data, which is rare and whose positions depend on order, in one pass. Entries stay as the
 * file gives them (one triangle of a symmetric matrix); {@link org.stag.loaders.GraphBuilder} mirrors them.
 */
public final class MatrixMarketReader {
    private MatrixMarketReader() {
    }

    /** Reads {@code path}, naming it as {@code path.toString()} in messages. */
    public static EdgeList read(Path path, LoadOptions options) {
        String file = path.toString();
        try (InputStream in = InputFiles.open(path)) {
            HeaderReader header = new HeaderReader(in, file);
            MatrixMarketHeader h = MatrixMarketHeader.read(header, file);
            checkMemory(file, h, options.threads());
            long dataOffset = header.bytes();
            long firstLine = header.line() + 1;
            if (h.coordinate()) {
                return readCoordinate(path, file, header.leftover(), in, h, dataOffset, firstLine, options);
            }
            return readArray(file, header, h, options.indexBase());
        } catch (IOException e) {
            throw new BadInputException(file, 0, "cannot read: " + IoCause.of(e));
        }
    }

    private static EdgeList readCoordinate(Path path, String file, byte[] prefix, InputStream in, MatrixMarketHeader h,
                                           long dataOffset, long firstLine, LoadOptions options) {
        int base = options.indexBase();
        EntryParser parser = entryParser(h, base);
        ParallelParser pp = new ParallelParser(file, parser, options.threads());
        Supplier<InputStream> reopen = () -> {
            InputStream again = InputFiles.open(path);
            try {
                again.skipNBytes(dataOffset);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return again;
        };
        ParallelParser.Result r = pp.parseFile(path, dataOffset, firstLine, () -> new java.io.SequenceInputStream(
                new java.io.ByteArrayInputStream(prefix), in));
        if (r.size < h.entries()) {
            throw new BadInputException(file, firstLine + r.lines, "unexpected end of file: the size line (line "
                    + h.sizeLine() + ") declares " + MatrixMarketHeader.entries(h.entries()) + ", the file holds " + r.size);
        }
        if (r.size > h.entries()) {
            long line = pp.locate(reopen, firstLine, h.entries());
            throw new BadInputException(file, line, "too many entries: the size line (line " + h.sizeLine()
                    + ") declares " + h.entries());
        }
        // Rows after the largest index read hold nothing: the builder need not allocate for them.
        int rowBound = r.maxId < base ? 0 : (int) Math.min(h.rows(), r.maxId - base + 1);
        return new EdgeList(file, h.rows(), h.cols(), r.src, r.dst, r.weights, r.size, h.symmetry(), h.field(),
                VertexIds.offset(base), k -> pp.locate(reopen, firstLine, k)).withRowBound(rowBound)
                .withValues(r.exact, h.valueType());
    }

    /**
     * Refuses, before anything is allocated, a size line whose entries or rows cannot fit: the entries
     * as parsed, and the graph built from them (see {@link MemoryBudget}).
     */
    public static void checkMemory(String file, MatrixMarketHeader h, int threads) {
        if (h.entries() > MemoryBudget.MAX_ARRAY) {
            throw new BadInputException(file, h.sizeLine(), "the size line declares " + MatrixMarketHeader.entries(h.entries())
                    + ", more than one graph can hold (" + MemoryBudget.MAX_ARRAY + ")");
        }
        boolean weighted = h.field() != ValueKind.PATTERN;
        boolean mirrored = h.symmetry() != Symmetry.GENERAL;
        long bytes = MemoryBudget.entryBytes(h.entries(), weighted)
                + MemoryBudget.buildBytes(h.rows(), h.entries(), weighted, mirrored, threads);
        MemoryBudget.require(file, h.sizeLine(), bytes, MemoryBudget.describe(h.rows(), h.cols(), h.entries()));
    }

    /** How the data lines of a coordinate file with this header are read. */
    public static EntryParser entryParser(MatrixMarketHeader h, int base) {
        return EntryParser.builder()
                .comments('%', '%')
                .bounds(base, h.rows() - 1L + base, h.cols() - 1L + base)
                .values(switch (h.field()) {
                    case PATTERN -> EntryParser.Values.NONE;
                    case INTEGER -> EntryParser.Values.INTEGER;
                    case REAL -> EntryParser.Values.REAL;
                })
                .skew(h.symmetry() == Symmetry.SKEW_SYMMETRIC)
                .allowNonFinite(true)
                .valueType(h.valueType())
                .indexBaseHint(base == 1 ? "Matrix Market indices start at 1; --index-base 0 reads a file written from 0" : null)
                .tooManyHint(h.field() == ValueKind.PATTERN ? "; a pattern file has no values" : "")
                .build();
    }

    /** Dense data: one value per line, column by column; symmetric files list the lower triangle. */
    private static EdgeList readArray(String file, HeaderReader lines, MatrixMarketHeader h, int base) {
        if (h.entries() > Integer.MAX_VALUE - 8) {
            throw new BadInputException(file, h.sizeLine(), "dense matrix too large: " + h.entries() + " values");
        }
        ByteScanner num = new ByteScanner();
        int cap = 16;
        int[] src = new int[cap];
        int[] dst = new int[cap];
        double[] val = new double[cap];
        long[] exact = null;
        boolean unsigned = h.valueType() == GraphBlasType.UINT64;
        int size = 0;
        int skip = switch (h.symmetry()) {
            case GENERAL -> Integer.MIN_VALUE;
            case SYMMETRIC -> 0;
            case SKEW_SYMMETRIC -> 1;
        };
        int row = h.symmetry() == Symmetry.GENERAL ? 0 : skip;
        int col = 0;
        String text;
        while ((text = lines.next()) != null) {
            long line = lines.line();
            String t = text.strip();
            if (t.isEmpty() || t.startsWith("%")) {
                continue;
            }
            if (size == h.entries()) {
                throw new BadInputException(file, line, "too many values: the size line (line " + h.sizeLine()
                        + ") declares a " + h.rows() + " x " + h.cols() + " " + h.symmetry().mtxName() + " array");
            }
            byte[] b = t.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            double v;
            int q;
            long lv = 0;
            if (h.field() == ValueKind.INTEGER) {
                q = unsigned ? num.parseUnsignedLong(b, 0, b.length) : num.parseLong(b, 0, b.length);
                lv = num.longValue;
                v = ExactValues.toDouble(lv, unsigned);
                if (q >= 0 && h.valueType() != null && !h.valueType().accepts(lv)) {
                    throw new BadInputException(file, line, h.valueType().refusal(v, ByteScanner.token(b, 0, b.length)));
                }
                if (q >= 0 && h.symmetry() == Symmetry.SKEW_SYMMETRIC && lv == Long.MIN_VALUE) {
                    throw new BadInputException(file, line, "value " + ByteScanner.token(b, 0, b.length)
                            + " in a skew-symmetric matrix: its mirror's value is beyond int64");
                }
            } else {
                q = num.parseDouble(b, 0, b.length);
                v = num.doubleValue;
            }
            if (q < 0 && num.failure != null && h.field() == ValueKind.INTEGER) {
                throw new BadInputException(file, line, "integer value " + ByteScanner.token(b, 0, b.length) + " beyond "
                        + (unsigned ? "uint64" : "int64"));
            }
            if (q < 0) {
                throw new BadInputException(file, line, "expected " + (h.field() == ValueKind.INTEGER ? "an integer" : "a numeric")
                        + " value, found " + ByteScanner.token(b, 0, b.length));
            }
            if (q != b.length) {
                throw new BadInputException(file, line, "unexpected " + ByteScanner.token(b, ByteScanner.skipBlanks(b, q, b.length), b.length)
                        + " after the value (an array file holds one value per line)");
            }
            int signed = t.charAt(0) == '-' || t.charAt(0) == '+' ? 1 : 0;
            boolean literal = signed < t.length() && Character.isLetter(t.charAt(signed));
            if (v - v != 0 && !literal) {
                throw new BadInputException(file, line, "value " + ByteScanner.token(b, 0, b.length)
                        + " is too large for a double (write inf for an infinite value)");
            }
            if (h.field() != ValueKind.INTEGER && h.valueType() != null && !h.valueType().accepts(v)) {
                throw new BadInputException(file, line, h.valueType().refusal(v, ByteScanner.token(b, 0, b.length)));
            }
            if (size == cap) {
                cap = (int) Math.min(Integer.MAX_VALUE - 8L, cap * 2L);
                src = Arrays.copyOf(src, cap);
                dst = Arrays.copyOf(dst, cap);
                val = Arrays.copyOf(val, cap);
                exact = exact == null ? null : Arrays.copyOf(exact, cap);
            }
            if (h.field() == ValueKind.INTEGER && exact == null && !ExactValues.exactAsDouble(lv, unsigned)) {
                exact = ExactValues.fromDoubles(val, cap);
            }
            if (exact != null) {
                exact[size] = lv;
            }
            src[size] = row;
            dst[size] = col;
            val[size] = v;
            size++;
            row++;
            if (row == h.rows()) {
                col++;
                row = h.symmetry() == Symmetry.GENERAL ? 0 : col + skip;
            }
        }
        if (size < h.entries()) {
            throw new BadInputException(file, lines.line() + 1, "unexpected end of file: the size line (line "
                    + h.sizeLine() + ") declares " + h.entries() + " values, the file holds " + size);
        }
        return new EdgeList(file, h.rows(), h.cols(), src, dst, val, size, h.symmetry(), h.field(),
                VertexIds.offset(base), null).withValues(exact, h.valueType());
    }
}
