package org.stag.loaders.binary;

/**
 * Combines the CRC32C of two adjacent byte ranges into the CRC32C of their concatenation, so that blocks of
 * one section can be checksummed on different threads. CRC is linear over GF(2): appending {@code len}
 * bytes multiplies the first CRC by the matrix of {@code x^(8 len)} mod the polynomial, computed by
 * repeated squaring in O(log len) 32x32 matrix products.
 */
final class Crc32cCombine {
    /** The CRC32C (Castagnoli) polynomial, bit-reversed. */
    private static final int POLY = 0x82F63B78;

    private Crc32cCombine() {
    }

    /** The CRC32C of {@code A + B}, given {@code crcA}, {@code crcB} and the length of {@code B}. */
    static int combine(int crcA, int crcB, long lengthB) {
        if (lengthB <= 0) {
            return crcA;
        }
        int[] odd = new int[32];
        int[] even = new int[32];
        // The operator for one zero bit: shift right, xor the polynomial when the low bit falls out.
        odd[0] = POLY;
        int bit = 1;
        for (int i = 1; i < 32; i++) {
            odd[i] = bit;
            bit <<= 1;
        }
        square(even, odd); // two zero bits
        square(odd, even); // four zero bits
        long len = lengthB;
        int crc = crcA;
        // Each pass squares the operator (8, 16, 32... zero bits) and applies it for the set bits of the length.
        while (true) {
            square(even, odd);
            if ((len & 1) != 0) {
                crc = times(even, crc);
            }
            len >>>= 1;
            if (len == 0) {
                break;
            }
            square(odd, even);
            if ((len & 1) != 0) {
                crc = times(odd, crc);
            }
            len >>>= 1;
            if (len == 0) {
                break;
            }
        }
        return crc ^ crcB;
    }

    private static int times(int[] matrix, int vector) {
        int sum = 0;
        for (int i = 0; vector != 0; i++, vector >>>= 1) {
            if ((vector & 1) != 0) {
                sum ^= matrix[i];
            }
        }
        return sum;
    }

    private static void square(int[] result, int[] matrix) {
        for (int i = 0; i < 32; i++) {
            result[i] = times(matrix, matrix[i]);
        }
    }
}
