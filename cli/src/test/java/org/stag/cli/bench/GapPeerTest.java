package org.stag.cli.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.stag.algorithms.catalog.Algorithm;

/** Reading GAP's output and building its command lines, without GAP. */
class GapPeerTest {
    /** What GAP's bfs prints for {@code -n 3} (format of gapbs' PrintTime: label padded to 21, 5 decimals). */
    static final String OUTPUT = """
            Read Time:           0.00011
            Build Time:          0.00032
            Graph has 34 nodes and 78 undirected edges for degree: 2
            Trial Time:          0.00150
            Trial Time:          0.00250
            Trial Time:          0.00100
            Average Time:        0.00167
            """;

    @Test
    void readsEveryTrialAndTheAverage() {
        GapPeer.Output o = GapPeer.parse("bfs", OUTPUT, 3);
        assertArrayEquals(new double[] {0.0015, 0.0025, 0.0010}, o.trials());
        assertEquals(0.00167, o.average());
    }

    @Test
    void outputItCannotReadIsOneClearLine() {
        assertEquals("gap bfs printed no 'Average Time:' line; its last line: Segmentation fault",
                assertThrows(GapPeer.GapException.class, () -> GapPeer.parse("bfs", "Read Time: 1\nSegmentation fault\n",
                        3)).getMessage());
        assertEquals("gap bfs printed no 'Average Time:' line (it printed nothing)",
                assertThrows(GapPeer.GapException.class, () -> GapPeer.parse("bfs", "", 1)).getMessage());
        assertEquals("gap pr printed 3 'Trial Time:' lines for 5 trials",
                assertThrows(GapPeer.GapException.class, () -> GapPeer.parse("pr", OUTPUT, 5)).getMessage());
        assertEquals("gap cc printed a time stag cannot read: '1.2.3'",
                assertThrows(GapPeer.GapException.class, () -> GapPeer.parse("cc", "Trial Time: 1.2.3\nAverage Time:"
                        + " 1.2.3\n", 1)).getMessage());
    }

    /** The harness's options (-f, -s, -r, -n) around the kernel's arguments; tc always symmetrised. */
    @Test
    void commandsCarryTheInputTheSourceAndTheTrials() {
        GapPeer gap = new GapPeer(Path.of("/opt/gapbs"));
        Path el = Path.of("/tmp/g.el");
        assertEquals(List.of("/opt/gapbs/bfs", "-f", "/tmp/g.el", "-s", "-r", "7", "-n", "5"),
                gap.command(Algorithm.BFS, el, true, 7, List.of(), 5));
        assertEquals(List.of("/opt/gapbs/pr", "-f", "/tmp/g.el", "-i", "20", "-t", "0", "-n", "3"),
                gap.command(Algorithm.PAGERANK, el, false, null, List.of("-i", "20", "-t", "0"), 3));
        assertEquals(List.of("/opt/gapbs/cc", "-f", "/tmp/g.el", "-s", "-n", "2"),
                gap.command(Algorithm.WCC, el, true, null, List.of(), 2));
        assertEquals(List.of("/opt/gapbs/sssp", "-f", "/tmp/g.wel", "-r", "3", "-d", "2", "-n", "2"),
                gap.command(Algorithm.SSSP, Path.of("/tmp/g.wel"), false, 3, List.of("-d", "2"), 2));
        assertEquals(List.of("/opt/gapbs/bc", "-f", "/tmp/g.el", "-s", "-r", "0", "-i", "1", "-n", "1"),
                gap.command(Algorithm.BC, el, true, 0, List.of("-i", "1"), 1));
        // GAP's tc refuses a directed graph: a directed edge list is symmetrised, as tc.stag symmetrises it.
        assertEquals(List.of("/opt/gapbs/tc", "-f", "/tmp/g.el", "-s", "-n", "3"),
                gap.command(Algorithm.TC, el, false, null, List.of(), 3));
        assertThrows(IllegalArgumentException.class, () -> gap.command(Algorithm.LCC, el, true, 0, List.of(), 1));
    }
}
