package org.stag.algorithms.stream;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Durations recorded one by one (in a growing primitive array) and summarised as percentiles. */
public final class Latencies {
    private long[] nanos = new long[64];
    private int count;
    private long total;

    /** Records one duration, in nanoseconds. */
    public void add(long ns) {
        if (count == nanos.length) {
            nanos = Arrays.copyOf(nanos, count * 2);
        }
        nanos[count++] = ns;
        total += ns;
    }

    /** Durations recorded. */
    public int count() {
        return count;
    }

    /** Sum of the durations, in nanoseconds. */
    public long total() {
        return total;
    }

    /**
     * The nearest-rank percentile {@code p} (0 &lt; p &le; 100) in nanoseconds: the smallest recorded duration
     * that at least p % of them do not exceed; 0 when nothing was recorded.
     */
    public long percentile(double p) {
        if (count == 0) {
            return 0;
        }
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * count);
        return sorted[Math.max(0, Math.min(count, rank) - 1)];
    }

    /** {@code p50 p90 p99 max} in milliseconds (three decimals), for the summary. */
    public Map<String, Object> millis() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("p50", ms(percentile(50)));
        m.put("p90", ms(percentile(90)));
        m.put("p99", ms(percentile(99)));
        m.put("max", ms(percentile(100)));
        return m;
    }

    /** Nanoseconds as milliseconds with three decimals (a JSON number). */
    public static BigDecimal ms(long ns) {
        return new BigDecimal(String.format(Locale.ROOT, "%.3f", ns / 1e6));
    }
}
