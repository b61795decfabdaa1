package org.stag.formats.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each invalid schema fails with exactly one expected one-line message, location included. */
class InvalidSchemaTest {

    private static String src(String... lines) {
        return String.join("\n", lines) + "\n";
    }

    private static Arguments bad(String label, String source, String expectedMessage) {
        return Arguments.of(label, source, expectedMessage);
    }

    /** A valid list schema whose list node body is {@code body}; the list node starts on line 1. */
    private static String list(String... body) {
        String[] lines = new String[body.length + 5];
        lines[0] = "def list {";
        System.arraycopy(body, 0, lines, 1, body.length);
        lines[body.length + 1] = "}";
        lines[body.length + 2] = "def root list_head {";
        lines[body.length + 3] = "  h : list";
        lines[body.length + 4] = "}";
        return src(lines);
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                bad("child points at a type that does not exist",
                        list("  e : elem nonempty", "  n : lst", "  seq = e, n"),
                        "t.schema:3:7: field 'n' points to unknown type 'lst'"),
                bad("unknown supertype",
                        src("def root h { r : t }", "def t : tree { e : elem }"),
                        "t.schema:2:9: node type 't' extends unknown supertype 'tree'"),
                bad("extends a node type rather than a supertype",
                        src("def root h { r : t  s : u }", "def t { e : elem }", "def u : t { e : elem }"),
                        "t.schema:3:9: node type 'u' extends 't', which is a node type, not a supertype"),
                bad("duplicate type name",
                        src("def root h { r : t }", "def t { e : elem }", "def t { e : elem }"),
                        "t.schema:3:5: duplicate type name 't' (first declared at 2:5)"),
                bad("duplicate field name",
                        src("def root h { r : t }", "def t {", "  e : elem", "  e : elem[4]", "}"),
                        "t.schema:4:3: duplicate field 'e' in node type 't' (first declared at 3:3)"),
                bad("seq names an unknown field (the brief's example)",
                        src("def ctree {", "  h : elem nonempty", "  l : ctree", "  seq = l, chunk, h", "}",
                                "def root prefix { r : ctree }"),
                        "ctree.schema:4:12: seq names unknown field 'chunk'"),
                bad("seq names a field twice",
                        src("def root h { r : t }", "def t {", "  e : elem", "  l : t", "  seq = l, e, l", "}"),
                        "t.schema:5:15: seq names field 'l' twice"),
                bad("seq misses a child field",
                        list("  e : elem nonempty", "  n : list", "  seq = e"),
                        "t.schema:4:3: seq does not name child field 'n'"),
                bad("seq misses an element field",
                        list("  e : elem nonempty", "  n : list", "  seq = n"),
                        "t.schema:4:3: seq does not name element field 'e'"),
                bad("seq names a size field",
                        list("  e : elem[B]", "  n : list", "  B : size", "  seq = {e}, B, n"),
                        "t.schema:5:14: seq names 'B', which is a size field; only element and child fields are ordered"),
                bad("seq names an array outside braces",
                        list("  e : elem[B]", "  n : list", "  B : size", "  seq = e, n"),
                        "t.schema:5:9: seq names array field 'e' outside braces; write '{e}'"),
                bad("seq puts a scalar in braces",
                        list("  e : elem nonempty", "  n : list", "  seq = {e}, n"),
                        "t.schema:4:10: seq group names scalar field 'e'; only array fields go inside '{...}'"),
                bad("seq interleaves arrays sized by different fields",
                        src("def root h { r : t }", "def t {", "  c : t[N]", "  a : elem[B]", "  B : size", "  N : size",
                                "  seq = {c, a}", "}"),
                        "t.schema:7:13: seq group interleaves arrays of different sizes: 'a' is sized by 'B', "
                                + "the group's first array by 'N'"),
                bad("reversed size bounds",
                        list("  e : elem[B]", "  n : list", "  B : size in [8, 4]", "  seq = {e}, n"),
                        "t.schema:4:16: size bounds of field 'B' are reversed: lower bound 8 is above upper bound 4"),
                bad("negative size bound",
                        list("  e : elem[B]", "  n : list", "  B : size in [-1, 4]", "  seq = {e}, n"),
                        "t.schema:4:16: size bound -1 of field 'B' is negative"),
                bad("size bound that is not an integer",
                        list("  e : elem[B]", "  n : list", "  B : size in [1, 2.5]", "  seq = {e}, n"),
                        "t.schema:4:19: expected an upper size bound or '*' but found 2.5, which is not an integer"),
                bad("array without a size",
                        list("  e : elem[]", "  n : list"),
                        "t.schema:2:12: array field 'e' has no size: write a size field or a constant between '[' and ']'"),
                bad("array sized by an unknown field",
                        list("  e : elem[N]", "  n : list"),
                        "t.schema:2:12: array field 'e' is sized by unknown field 'N'"),
                bad("array sized by a bool, not an integer size",
                        list("  e : elem[c]", "  n : list", "  c : bool"),
                        "t.schema:2:12: array field 'e' is sized by 'c', which is a bool field; "
                                + "an array size must be a size field or an integer constant"),
                bad("array sized by an element field",
                        list("  e : elem[f]", "  f : elem", "  n : list"),
                        "t.schema:2:12: array field 'e' is sized by 'f', which is an element field; "
                                + "an array size must be a size field or an integer constant"),
                bad("array of constant size zero",
                        list("  e : elem[0]", "  n : list"),
                        "t.schema:2:12: array field 'e' has constant size 0; it must be at least 1"),
                bad("node type no root reaches",
                        src("def root h { r : t }", "def t { e : elem }", "def orphan { e : elem }"),
                        "t.schema:3:5: node type 'orphan' is not reachable from root type 'h'"),
                bad("no root declared",
                        src("def h { r : t }", "def t { e : elem }"),
                        "t.schema:1:5: no root type: mark the node type that is the handle of the data structure "
                                + "with 'def root NAME { ... }'"),
                bad("two roots",
                        src("def root h { r : t }", "def t { e : elem }", "def root g { r : t }"),
                        "t.schema:3:10: second root type 'g': 'h' is already the root (declared at 1:10)"),
                bad("parent names a field, not a node type",
                        src("def root h { r : t }", "def t {", "  l : t", "  c : bool", "  p : parent c", "}"),
                        "t.schema:5:14: parent field 'p' names 'c', which is a field of 't', not a node type"),
                bad("parent names an unknown type",
                        src("def root h { r : t }", "def t {", "  l : t", "  p : parent tree", "}"),
                        "t.schema:4:14: parent field 'p' names unknown type 'tree'"),
                bad("parent type never points at the node",
                        src("def root h { r : t }", "def t {", "  e : elem", "  p : parent", "}"),
                        "t.schema:4:3: parent field 'p' has parent type 't', but no field of 't' points to 't'"),
                bad("two parent fields",
                        src("def root h { r : t }", "def t {", "  l : t", "  p : parent", "  q : parent", "}"),
                        "t.schema:5:3: node type 't' has a second parent field 'q' (the first is 'p')"),
                bad("supertype without subtypes",
                        src("def supertype tree", "def root h { r : t }", "def t { e : elem }"),
                        "t.schema:1:15: supertype 'tree' has no subtypes"),
                bad("unexpected token",
                        list("  e elem", "  n : list"),
                        "t.schema:2:5: expected ':' but found keyword 'elem'"),
                bad("unknown field type keyword position",
                        list("  e : = 3", "  n : list"),
                        "t.schema:2:7: expected a field type (elem, a node type, size, parent, bool or [u]int8..64) "
                                + "but found '='"),
                bad("unterminated block",
                        src("def root h {", "  r : t", "}", "def t {", "  e : elem[B]", "  B : size"),
                        "t.schema:4:7: unterminated block: '{' of node type 't' is never closed"),
                bad("unterminated seq group",
                        src("def root h { r : t }", "def t {", "  e : elem[B]", "  B : size", "  seq = {e"),
                        "t.schema:2:7: unterminated block: '{' of node type 't' is never closed"),
                bad("stray closing brace at top level",
                        src("def root h { r : t }", "}", "def t { e : elem }"),
                        "t.schema:2:1: expected 'def' but found '}'"),
                bad("unexpected character",
                        list("  e : elem @", "  n : list"),
                        "t.schema:2:12: unexpected character '@'"),
                bad("reserved word as field name",
                        list("  size : size", "  n : list"),
                        "t.schema:2:3: 'size' is a reserved word and cannot name a field"),
                bad("reserved word as type name",
                        src("def root elem { r : t }"),
                        "t.schema:1:10: expected a node type name but found keyword 'elem', which is reserved"),
                bad("field after seq",
                        list("  e : elem nonempty", "  seq = e, n", "  n : list"),
                        "t.schema:4:3: field 'n' comes after the seq attribute; seq must be last in a node"),
                bad("second seq attribute",
                        list("  e : elem nonempty", "  n : list", "  seq = e, n", "  seq = e, n"),
                        "t.schema:5:3: node type 'list' has a second seq attribute"),
                bad("nonempty on a size field",
                        list("  e : elem[B]", "  n : list", "  B : size nonempty"),
                        "t.schema:4:12: 'nonempty' applies only to elem and child fields, not to field 'B'"),
                bad("varint on a scalar element",
                        list("  e : elem nonempty varint", "  n : list", "  seq = e, n"),
                        "t.schema:2:21: field 'e' is varint but not an unbounded element array; varint codes only arrays"
                                + " sized by a size field without bounds (chunk arena runs)"),
                bad("varint on a bounded array",
                        list("  e : elem[B] nonempty varint", "  n : list", "  B : size in [1, 8]", "  seq = {e}, n"),
                        "t.schema:2:24: field 'e' is varint but not an unbounded element array; varint codes only arrays"
                                + " sized by a size field without bounds (chunk arena runs)"),
                bad("varint on a constant array",
                        list("  e : elem[4] nonempty varint", "  n : list", "  seq = {e}, n"),
                        "t.schema:2:24: field 'e' is varint but not an unbounded element array; varint codes only arrays"
                                + " sized by a size field without bounds (chunk arena runs)"),
                bad("varint without nonempty",
                        list("  e : elem[B] varint", "  n : list", "  B : size", "  seq = {e}, n"),
                        "t.schema:2:15: field 'e' is varint but not nonempty; a coded run has no empty slots"),
                bad("varint on a child field",
                        list("  e : elem nonempty", "  n : list varint", "  seq = e, n"),
                        "t.schema:3:12: 'varint' applies only to element arrays, after 'nonempty', not to field 'n'"),
                bad("node without fields",
                        src("def root h { }"),
                        "t.schema:1:10: node type 'h' has no fields"),
                bad("empty schema",
                        src("// nothing but a comment"),
                        "t.schema:2:1: schema defines no node types"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void rejects(String label, String source, String expectedMessage) {
        String name = expectedMessage.substring(0, expectedMessage.indexOf(':'));
        SchemaException e = assertThrows(SchemaException.class, () -> Schema.parse(name, source), label);
        assertEquals(expectedMessage, e.getMessage());
        assertEquals(1, e.problems().size(), () -> "expected one problem, got " + e.problems());
        String[] parts = expectedMessage.split(":", 4);
        assertEquals(Integer.parseInt(parts[1]), e.line());
        assertEquals(Integer.parseInt(parts[2]), e.column());
        assertEquals(parts[3].substring(1), e.reason());
        assertEquals(name, e.source());
    }

    @Test
    void reportsEveryValidationProblemInSourceOrder() {
        String source = src(
                "def root h { r : t }",
                "def t {",
                "  e : elem[B]",
                "  n : nowhere",
                "  B : size in [4, 2]",
                "}",
                "def orphan { e : elem }");
        SchemaException e = assertThrows(SchemaException.class, () -> Schema.parse("t.schema", source));
        assertEquals(List.of(
                "t.schema:4:7: field 'n' points to unknown type 'nowhere'",
                "t.schema:5:16: size bounds of field 'B' are reversed: lower bound 4 is above upper bound 2",
                "t.schema:7:5: node type 'orphan' is not reachable from root type 'h'"), e.problems());
        assertEquals(e.problems().get(0), e.getMessage());
    }
}
