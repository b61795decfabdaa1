package org.stag.formats.schema;

import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser from tokens to {@link Ast}. It checks syntax only; names are resolved by
 * {@link Validator}. The first syntax error stops parsing, since later errors would mostly be echoes.
 */
final class Parser {
    private final String source;
    private final List<Token> tokens;
    private int next;
    /** The node being parsed and its '{', so that running out of input can name the unclosed block. */
    private String openNode;
    private SourcePos openBrace;

    private Parser(String source, List<Token> tokens) {
        this.source = source;
        this.tokens = tokens;
    }

    /** Parses a whole schema file. */
    static Ast.SchemaFile parse(String source, String text) {
        return new Parser(source, Lexer.tokenize(source, text)).schemaFile();
    }

    // schema ::= decl* ; at least one node definition
    private Ast.SchemaFile schemaFile() {
        List<Ast.Decl> decls = new ArrayList<>();
        while (peek().kind() != TokenKind.EOF) {
            decls.add(decl());
        }
        if (decls.stream().noneMatch(d -> d instanceof Ast.NodeDecl)) {
            throw error(peek().pos(), "schema defines no node types");
        }
        return new Ast.SchemaFile(List.copyOf(decls));
    }

    // decl ::= 'def' 'supertype' NAME | 'def' ['root'] NAME [':' NAME] body
    private Ast.Decl decl() {
        Token def = peek();
        if (!def.isKeyword("def")) {
            throw unexpected("'def'");
        }
        next++;
        if (peek().isKeyword("supertype")) {
            next++;
            Token name = expectName("a supertype name");
            return new Ast.SupertypeDecl(name.text(), name.pos());
        }
        boolean root = false;
        if (peek().isKeyword("root")) {
            next++;
            root = true;
        }
        Token name = expectName("a node type name");
        String supertype = null;
        SourcePos supertypePos = null;
        if (peek().kind() == TokenKind.COLON) {
            next++;
            Token sup = expectName("a supertype name");
            supertype = sup.text();
            supertypePos = sup.pos();
        }
        return nodeBody(name, root, supertype, supertypePos);
    }

    // body ::= '{' field* [seq] '}' ; at least one field
    private Ast.NodeDecl nodeBody(Token name, boolean root, String supertype, SourcePos supertypePos) {
        Token brace = expect(TokenKind.LBRACE, "'{'");
        openNode = name.text();
        openBrace = brace.pos();
        List<Ast.FieldDecl> fields = new ArrayList<>();
        Ast.SeqDecl seq = null;
        while (true) {
            Token t = peek();
            if (t.kind() == TokenKind.RBRACE) {
                break;
            } else if (t.isKeyword("seq")) {
                seq = seqDecl();
                misplacedAfterSeq();
                break;
            } else if (t.kind() == TokenKind.IDENT) {
                fields.add(field());
            } else if (t.kind() == TokenKind.KEYWORD && peek(1).kind() == TokenKind.COLON) {
                throw error(t.pos(), "'" + t.text() + "' is a reserved word and cannot name a field");
            } else {
                throw unexpected("a field name, 'seq' or '}'");
            }
        }
        if (fields.isEmpty()) {
            throw error(name.pos(), "node type '" + name.text() + "' has no fields");
        }
        expect(TokenKind.RBRACE, "'}'");
        openNode = null;
        openBrace = null;
        return new Ast.NodeDecl(name.text(), name.pos(), root, supertype, supertypePos, List.copyOf(fields), seq);
    }

    /** After a seq attribute only '}' may follow; explain the two likely mistakes precisely. */
    private void misplacedAfterSeq() {
        Token t = peek();
        if (t.kind() == TokenKind.IDENT && peek(1).kind() == TokenKind.COLON) {
            throw error(t.pos(), "field '" + t.text() + "' comes after the seq attribute; seq must be last in a node");
        }
        if (t.isKeyword("seq")) {
            throw error(t.pos(), "node type '" + openNode + "' has a second seq attribute");
        }
        if (t.kind() != TokenKind.RBRACE) {
            throw unexpected("',' or '}'");
        }
    }

    // field ::= NAME ':' type
    private Ast.FieldDecl field() {
        Token name = expectName("a field name");
        expect(TokenKind.COLON, "':'");
        Ast.TypeSpec type = type(name.text());
        Token t = peek();
        if (t.isKeyword("nonempty")) {
            throw error(t.pos(), "'nonempty' applies only to elem and child fields, not to field '" + name.text() + "'");
        }
        if (t.isKeyword("varint")) {
            throw error(t.pos(), "'varint' applies only to element arrays, after 'nonempty', not to field '" + name.text() + "'");
        }
        return new Ast.FieldDecl(name.text(), name.pos(), type);
    }

    // type ::= 'elem' [array] ['nonempty'] | NAME [array] ['nonempty'] | 'size' ['in' bounds]
    //        | 'parent' [NAME] | metadata
    private Ast.TypeSpec type(String fieldName) {
        Token t = peek();
        if (t.isKeyword("elem")) {
            next++;
            Ast.ArraySpec array = optionalArray(fieldName);
            boolean nonempty = optionalNonempty();
            SourcePos varint = null;
            if (peek().isKeyword("varint")) {
                varint = peek().pos();
                next++;
            }
            return new Ast.ElemSpec(array, nonempty, varint);
        }
        if (t.kind() == TokenKind.IDENT) {
            next++;
            Ast.ArraySpec array = optionalArray(fieldName);
            return new Ast.ChildSpec(t.text(), t.pos(), array, optionalNonempty());
        }
        if (t.isKeyword("size")) {
            next++;
            if (!peek().isKeyword("in")) {
                return new Ast.SizeSpec(null);
            }
            next++;
            return new Ast.SizeSpec(bounds());
        }
        if (t.isKeyword("parent")) {
            next++;
            // An identifier right after 'parent' is its target unless it starts the next field ("NAME :").
            Token target = peek();
            if (target.kind() == TokenKind.IDENT && peek(1).kind() != TokenKind.COLON) {
                next++;
                return new Ast.ParentSpec(target.text(), target.pos());
            }
            return new Ast.ParentSpec(null, null);
        }
        if (t.kind() == TokenKind.KEYWORD) {
            var meta = MetadataType.fromKeyword(t.text());
            if (meta.isPresent()) {
                next++;
                return new Ast.MetaSpec(meta.get());
            }
        }
        throw unexpected("a field type (elem, a node type, size, parent, bool or [u]int8..64)");
    }

    // array ::= '[' (NAME ['+' INT] | INT) ']'
    private Ast.ArraySpec optionalArray(String fieldName) {
        if (peek().kind() != TokenKind.LBRACKET) {
            return null;
        }
        next++;
        Token t = peek();
        Ast.ArraySpec spec;
        if (t.kind() == TokenKind.IDENT) {
            next++;
            long addend = 0;
            if (peek().kind() == TokenKind.PLUS) {
                next++;
                addend = integer("an integer after '+'");
            }
            spec = new Ast.ArraySpec(t.text(), addend, t.pos());
        } else if (t.kind() == TokenKind.INT || t.kind() == TokenKind.DECIMAL) {
            spec = new Ast.ArraySpec(null, integer("an array size"), t.pos());
        } else if (t.kind() == TokenKind.RBRACKET) {
            throw error(t.pos(), "array field '" + fieldName + "' has no size: write a size field or a constant between '[' and ']'");
        } else {
            throw unexpected("a size field name or a constant");
        }
        expect(TokenKind.RBRACKET, "']'");
        return spec;
    }

    private boolean optionalNonempty() {
        if (peek().isKeyword("nonempty")) {
            next++;
            return true;
        }
        return false;
    }

    // bounds ::= '[' INT ',' (INT | '*') ']'
    private Ast.BoundsSpec bounds() {
        expect(TokenKind.LBRACKET, "'['");
        SourcePos lowerPos = peek().pos();
        long lower = integer("a lower size bound");
        expect(TokenKind.COMMA, "','");
        SourcePos upperPos = peek().pos();
        Long upper;
        if (peek().kind() == TokenKind.STAR) {
            next++;
            upper = null;
        } else {
            upper = integer("an upper size bound or '*'");
        }
        expect(TokenKind.RBRACKET, "']'");
        return new Ast.BoundsSpec(lower, lowerPos, upper, upperPos);
    }

    // seq ::= 'seq' '=' entry (',' entry)* ; entry ::= NAME | '{' NAME (',' NAME)* '}'
    private Ast.SeqDecl seqDecl() {
        SourcePos pos = peek().pos();
        next++;
        expect(TokenKind.EQUALS, "'='");
        List<Ast.SeqEntry> entries = new ArrayList<>();
        do {
            if (peek().kind() == TokenKind.LBRACE) {
                next++;
                List<Ast.SeqName> names = new ArrayList<>();
                do {
                    names.add(seqName());
                } while (accept(TokenKind.COMMA));
                expect(TokenKind.RBRACE, "',' or '}'");
                entries.add(new Ast.SeqEntry(true, List.copyOf(names)));
            } else {
                entries.add(new Ast.SeqEntry(false, List.of(seqName())));
            }
        } while (accept(TokenKind.COMMA));
        return new Ast.SeqDecl(pos, List.copyOf(entries));
    }

    private Ast.SeqName seqName() {
        Token t = expectName("a field name");
        return new Ast.SeqName(t.text(), t.pos());
    }

    private long integer(String what) {
        Token t = peek();
        if (t.kind() == TokenKind.DECIMAL) {
            throw error(t.pos(), "expected " + what + " but found " + t.text() + ", which is not an integer");
        }
        if (t.kind() != TokenKind.INT) {
            throw unexpected(what);
        }
        next++;
        try {
            return Long.parseLong(t.text());
        } catch (NumberFormatException e) {
            throw error(t.pos(), "integer " + t.text() + " is out of range");
        }
    }

    private Token expectName(String what) {
        Token t = peek();
        if (t.kind() != TokenKind.IDENT) {
            if (t.kind() == TokenKind.KEYWORD) {
                throw error(t.pos(), "expected " + what + " but found keyword '" + t.text() + "', which is reserved");
            }
            throw unexpected(what);
        }
        next++;
        return t;
    }

    private Token expect(TokenKind kind, String what) {
        Token t = peek();
        if (t.kind() != kind) {
            throw unexpected(what);
        }
        next++;
        return t;
    }

    private boolean accept(TokenKind kind) {
        if (peek().kind() == kind) {
            next++;
            return true;
        }
        return false;
    }

    private Token peek() {
        return peek(0);
    }

    private Token peek(int ahead) {
        return tokens.get(Math.min(next + ahead, tokens.size() - 1));
    }

    /** "expected X but found Y", or, at end of input inside a node, the block that was left open. */
    private SchemaException unexpected(String expected) {
        Token t = peek();
        if (t.kind() == TokenKind.EOF && openBrace != null) {
            return error(openBrace, "unterminated block: '{' of node type '" + openNode + "' is never closed");
        }
        return error(t.pos(), "expected " + expected + " but found " + t.describe());
    }

    private SchemaException error(SourcePos pos, String reason) {
        return new SchemaException(source, pos, reason);
    }
}
