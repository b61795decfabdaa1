package org.stag.engine.front;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Recursive-descent parser with precedence climbing for binary operators. The grammar is in
 * {@code docs/language.md}. Every statement is decided by its first two tokens, except one: in
 * {@code x = F*(y) | 3} versus {@code x = s*(y)}, a name followed by {@code *(} is a star call only when a
 * function of that name is declared somewhere in the file, which a scan of the tokens finds first.
 */
public final class Parser {

    private final Source source;
    private final List<Token> tokens;
    private final Set<String> functionNames;
    private final Set<String> scalarDefs;
    private int p;

    private Parser(Source source) {
        this.source = source;
        this.tokens = Lexer.tokenize(source);
        this.functionNames = declaredFunctions(tokens);
        this.scalarDefs = declaredScalarDefs(tokens);
    }

    /**
     * Parses a whole program.
     *
     * @throws ProgramException at the first lexical or syntax error
     */
    public static Program parse(Source source) {
        return new Parser(source).program();
    }

    /**
     * Parses {@code source} as one expression, for tests and tools.
     *
     * @throws ProgramException if it is not exactly one expression
     */
    public static Expr parseExpression(Source source) {
        Parser parser = new Parser(source);
        Expr e = parser.expr();
        parser.skipNewlines();
        if (!parser.peek().is(TokenKind.EOF)) {
            throw parser.error(parser.peek(), "unexpected " + parser.peek().describe() + " after the expression");
        }
        return e;
    }

    private static Set<String> declaredScalarDefs(List<Token> tokens) {
        Set<String> out = new HashSet<>();
        for (int i = 0; i + 1 < tokens.size(); i++) {
            if (tokens.get(i).isKeyword("Def") && tokens.get(i + 1).is(TokenKind.IDENT)) {
                out.add(tokens.get(i + 1).text());
            }
        }
        return out;
    }

    private static Set<String> declaredFunctions(List<Token> tokens) {
        Set<String> out = new HashSet<>();
        for (int i = 0; i + 1 < tokens.size(); i++) {
            if (tokens.get(i).isKeyword("Let") && tokens.get(i + 1).is(TokenKind.IDENT)) {
                out.add(tokens.get(i + 1).text());
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- top level

    private Program program() {
        skipNewlines();
        SourcePos start = peek().pos();
        List<Item> items = new ArrayList<>();
        while (!peek().is(TokenKind.EOF)) {
            Item item = item();
            items.add(item);
            endOfLine(item instanceof FunctionDecl ? "after 'End'" : item instanceof ScalarDef ? "after the Def's body"
                    : "after the declaration");
            skipNewlines();
        }
        return new Program(start, items);
    }

    private Item item() {
        Token t = peek();
        if (t.isKeyword("Let")) {
            return function();
        }
        if (t.isKeyword("Def")) {
            return scalarDef();
        }
        if (t.is(TokenKind.IDENT) && isTypeKeyword(peek(1))) {
            return varDecl(true);
        }
        if (t.isKeyword("End")) {
            throw error(t, "'End' without a matching 'Let'");
        }
        if (t.isKeyword("FormatRule") || t.is(TokenKind.UNDERSCORE) || (t.is(TokenKind.IDENT)
                && (peek(1).is(TokenKind.ASSIGN) || peek(1).is(TokenKind.LBRACK) || peek(1).is(TokenKind.COMMA)))) {
            throw error(t, "statements belong in a function; put them in 'Let Main() -> (results)' ... 'End'");
        }
        if (t.is(TokenKind.IDENT)) {
            throw error(peek(1), "expected a type after '" + t.text() + "' (bool, int, long, float or double), found "
                    + peek(1).describe());
        }
        throw error(t, "expected a declaration ('name type') or a function ('Let'), found " + t.describe());
    }

    private VarDecl varDecl(boolean global) {
        Token name = next();
        TypeRef type = type();
        Optional<Expr> init = Optional.empty();
        if (peek().is(TokenKind.ASSIGN)) {
            Token eq = next();
            if (type instanceof TypeRef.Tensor) {
                throw error(eq, "a tensor declaration has no value; 'fill' gives the value of its implicit entries");
            }
            if (!global) {
                throw error(eq, "a local declaration has no value; define the variable on its own line ('"
                        + name.text() + " = ...')");
            }
            init = Optional.of(expr());
        }
        return new VarDecl(name.pos(), name.text(), type, init);
    }

    private TypeRef type() {
        Token t = peek();
        if (!isTypeKeyword(t)) {
            throw error(t, "expected a type (bool, int, long, float or double), found " + t.describe());
        }
        next();
        ScalarType elem = ScalarType.byKeyword(t.text());
        List<Dimension> dims = new ArrayList<>();
        while (peek().is(TokenKind.LBRACK)) {
            dims.add(dimension());
        }
        if (peek().isKeyword("fill")) {
            Token fill = next();
            if (dims.isEmpty()) {
                throw error(fill, "only tensors have a fill value");
            }
            return new TypeRef.Tensor(t.pos(), elem, dims, Optional.of(unary()));
        }
        return dims.isEmpty() ? new TypeRef.Scalar(t.pos(), elem) : new TypeRef.Tensor(t.pos(), elem, dims, Optional.empty());
    }

    private Dimension dimension() {
        Token open = next();
        Ident level;
        Size size;
        if (peek().is(TokenKind.IDENT) && peek(1).is(TokenKind.LBRACK)) {
            Token l = next();
            level = new Ident(l.pos(), l.text().toLowerCase(Locale.ROOT));
            Token inner = next();
            size = size();
            close(TokenKind.RBRACK, inner);
        } else {
            level = new Ident(open.pos(), Dimension.DEFAULT_LEVEL);
            size = size();
        }
        close(TokenKind.RBRACK, open);
        return new Dimension(open.pos(), level, size);
    }

    private Size size() {
        Token t = peek();
        if (t.is(TokenKind.IDENT)) {
            next();
            return new Size.Named(t.pos(), t.text());
        }
        if (t.is(TokenKind.INT)) {
            next();
            long v = integerValue(t);
            if (t.text().endsWith("L") || v > Integer.MAX_VALUE) {
                throw error(t, "a dimension size is an int; " + t.text() + " is not one");
            }
            return new Size.Fixed(t.pos(), (int) v);
        }
        throw error(t, "expected a dimension size (a parameter such as N, or a number), found " + t.describe());
    }

    private FunctionDecl function() {
        Token let = next();
        Token name = expect(TokenKind.IDENT, "the function's name");
        Token open = expect(TokenKind.LPAREN, "'(' and the function's inputs");
        List<Param> inputs = peek().is(TokenKind.RPAREN) ? List.of() : params();
        close(TokenKind.RPAREN, open);
        skipNewlines(); // a long signature may break before '->'
        expect(TokenKind.ARROW, "'->' and the function's outputs");
        Token openOut = expect(TokenKind.LPAREN, "'(' and the function's outputs");
        if (peek().is(TokenKind.RPAREN)) {
            throw error(peek(), "a function needs at least one output");
        }
        List<Param> outputs = params();
        close(TokenKind.RPAREN, openOut);
        endOfLine("after the function's outputs");
        List<Stmt> body = new ArrayList<>();
        while (true) {
            skipNewlines();
            Token t = peek();
            if (t.isKeyword("End")) {
                next();
                return new FunctionDecl(let.pos(), name.text(), inputs, outputs, body, t.pos());
            }
            if (t.is(TokenKind.EOF)) {
                throw error(t, "missing 'End' of function " + name.text() + " (started at " + let.pos() + ")");
            }
            body.add(statement());
            endOfLine("after the statement");
        }
    }

    /** {@code Def NAME(a T, b T) -> T { algebra } = body}. */
    private ScalarDef scalarDef() {
        Token def = next();
        Token name = expect(TokenKind.IDENT, "the Def's name");
        Token open = expect(TokenKind.LPAREN, "'(' and the Def's parameters");
        List<Param> params = peek().is(TokenKind.RPAREN) ? List.of() : params();
        close(TokenKind.RPAREN, open);
        expect(TokenKind.ARROW, "'->' and the Def's result type");
        Token result = next();
        ScalarType type = result.is(TokenKind.KEYWORD) ? ScalarType.byKeyword(result.text()) : null;
        if (type == null) {
            throw error(result, "expected the Def's result type (bool, int, long, float or double), found "
                    + result.describe());
        }
        List<ScalarDef.Algebra> algebra = new ArrayList<>();
        while (peek().is(TokenKind.IDENT)) {
            Token w = next();
            if (!ScalarDef.Algebra.WORDS.contains(w.text())) {
                throw error(w, "unknown property '" + w.text() + "'; a Def may declare "
                        + String.join(", ", ScalarDef.Algebra.WORDS) + " before its '='");
            }
            Expr value = ScalarDef.Algebra.takesValue(w.text()) ? unary() : null;
            algebra.add(new ScalarDef.Algebra(w.pos(), w.text(), value));
        }
        skipNewlines(); // a long Def may put its body on the next line, starting with '='
        expect(TokenKind.ASSIGN, "'=' and the Def's body (or a property: " + String.join(", ", ScalarDef.Algebra.WORDS)
                + ")");
        Expr body = expr();
        return new ScalarDef(def.pos(), name.text(), params, type, result.pos(), algebra, body);
    }

    private List<Param> params() {
        List<Param> out = new ArrayList<>();
        do {
            Token name = expect(TokenKind.IDENT, "a parameter name");
            out.add(new Param(name.pos(), name.text(), type()));
        } while (accept(TokenKind.COMMA));
        return out;
    }

    // ---------------------------------------------------------------- statements

    private Stmt statement() {
        Token t = peek();
        if (t.isKeyword("Let")) {
            throw error(t, "functions cannot be nested; is an 'End' missing above?");
        }
        if (t.isKeyword("FormatRule")) {
            return ruledStarCall();
        }
        if (t.is(TokenKind.IDENT) && isTypeKeyword(peek(1))) {
            return varDecl(false);
        }
        if (t.is(TokenKind.UNDERSCORE) || (t.is(TokenKind.IDENT) && peek(1).is(TokenKind.COMMA))) {
            List<Ident> outputs = outputs();
            expect(TokenKind.ASSIGN, "'=' after the outputs");
            if (!isCallAhead()) {
                throw error(peek(), outputs.size() > 1
                        ? "several outputs need a function call on the right, e.g. 'a, b = F(x)'"
                        : "'_' stands for an ignored output of a call, e.g. '_ = F(x)'");
            }
            return call(t.pos(), outputs);
        }
        if (t.is(TokenKind.IDENT) && peek(1).is(TokenKind.LBRACK)) {
            return definition();
        }
        if (t.is(TokenKind.IDENT) && peek(1).is(TokenKind.ASSIGN)) {
            if (isCallAheadAfter(2)) {
                next();
                next();
                return call(t.pos(), List.of(new Ident(t.pos(), t.text())));
            }
            return definition();
        }
        if (t.is(TokenKind.IDENT)) {
            throw error(peek(1), "expected '=', '[' or a type after '" + t.text() + "', found " + peek(1).describe());
        }
        if (t.isKeyword("Ord") || t.is(TokenKind.PIPE)) {
            throw error(t, "'" + t.text() + "' continues the definition above; a line may break after '|' or ','"
                    + " but not before '" + t.text() + "'");
        }
        throw error(t, "expected a statement, found " + t.describe());
    }

    private boolean isCallAhead() {
        return isCallAheadAfter(0);
    }

    /** Whether the tokens from {@code p + k} are {@code F(} (any name) or {@code F*(} (a declared function). */
    private boolean isCallAheadAfter(int k) {
        Token f = peek(k);
        if (!f.is(TokenKind.IDENT)) {
            return false;
        }
        if (peek(k + 1).is(TokenKind.LPAREN)) {
            return !scalarDefs.contains(f.text());   // x = f(a, b) with a Def f is an expression
        }
        return functionNames.contains(f.text()) && peek(k + 1).is(TokenKind.STAR) && peek(k + 2).is(TokenKind.LPAREN);
    }

    private List<Ident> outputs() {
        List<Ident> out = new ArrayList<>();
        do {
            Token t = peek();
            if (!t.is(TokenKind.IDENT) && !t.is(TokenKind.UNDERSCORE)) {
                throw error(t, "expected an output name or '_', found " + t.describe());
            }
            next();
            out.add(new Ident(t.pos(), t.text()));
        } while (accept(TokenKind.COMMA));
        return out;
    }

    private Stmt call(SourcePos pos, List<Ident> outputs) {
        Token f = next();
        Ident function = new Ident(f.pos(), f.text());
        boolean star = accept(TokenKind.STAR);
        Token open = next();
        List<Expr> args = new ArrayList<>();
        if (!peek().is(TokenKind.RPAREN)) {
            do {
                args.add(expr());
            } while (accept(TokenKind.COMMA));
        }
        close(TokenKind.RPAREN, open);
        if (!star) {
            if (!peek().is(TokenKind.NEWLINE) && !peek().is(TokenKind.EOF)) {
                throw error(peek(), "unexpected " + peek().describe()
                        + " after the call; a call is a statement of its own and its results are variables");
            }
            return new Call(pos, outputs, function, args);
        }
        if (!peek().is(TokenKind.PIPE)) {
            throw error(peek(), "a star call needs a stop clause: '| COUNT' or '| CONDITION', found "
                    + peek().describe());
        }
        next();
        Expr stop = expr();
        return new StarCall(pos, List.of(), outputs, function, args, stop);
    }

    private Stmt ruledStarCall() {
        List<FormatRule> rules = new ArrayList<>();
        while (peek().isKeyword("FormatRule")) {
            rules.add(formatRule());
            endOfLine("after the FormatRule");
            skipNewlines();
        }
        Token first = peek();
        boolean callAhead = first.is(TokenKind.UNDERSCORE)
                || (first.is(TokenKind.IDENT) && peek(1).is(TokenKind.COMMA))
                || (first.is(TokenKind.IDENT) && peek(1).is(TokenKind.ASSIGN) && isCallAheadAfter(2));
        Stmt s = callAhead ? statement() : null;
        if (!(s instanceof StarCall sc)) {
            throw new ProgramException(source, rules.get(0).pos(),
                    "a FormatRule must be directly above a star call ('outs = F*(args) | stop')");
        }
        return new StarCall(sc.pos(), rules, sc.outputs(), sc.function(), sc.args(), sc.stop());
    }

    private FormatRule formatRule() {
        Token kw = next();
        Token ref = peek();
        if (!ref.is(TokenKind.OUTREF)) {
            throw error(ref, "a FormatRule starts with the argument it converts, e.g. '#1', found " + ref.describe());
        }
        next();
        Expr.OutputRef arg = outputRef(ref);
        Format from = format();
        expect(TokenKind.ARROW, "'->' between the two formats");
        Format to = format();
        expect(TokenKind.AT, "'@' and the condition");
        Expr cond = expr();
        return new FormatRule(kw.pos(), arg, from, to, cond);
    }

    private Format format() {
        List<Ident> levels = new ArrayList<>();
        SourcePos start = peek().pos();
        do {
            Token t = expect(TokenKind.IDENT, "a level format such as dense, compressed, list or bitmap");
            levels.add(new Ident(t.pos(), t.text().toLowerCase(Locale.ROOT)));
        } while (accept(TokenKind.COMMA));
        return new Format(start, levels);
    }

    private Definition definition() {
        Token name = next();
        List<Ident> indices = new ArrayList<>();
        while (peek().is(TokenKind.LBRACK)) {
            Token open = next();
            Token idx = peek();
            if (!idx.is(TokenKind.IDENT)) {
                throw error(idx, "left-hand side indices must be index variables (names), found " + idx.describe());
            }
            next();
            indices.add(new Ident(idx.pos(), idx.text()));
            if (!peek().is(TokenKind.RBRACK)) {
                throw error(peek(), "a left-hand side index is a single index variable; found " + peek().describe()
                        + " after '" + idx.text() + "'");
            }
            close(TokenKind.RBRACK, open);
        }
        Token eq = peek();
        if (!eq.is(TokenKind.ASSIGN)) {
            throw error(eq, "expected '=' after the left-hand side, found " + eq.describe());
        }
        next();
        Expr value = expr();
        List<Reduction> reductions = new ArrayList<>();
        if (accept(TokenKind.PIPE)) {
            do {
                reductions.add(reduction());
            } while (accept(TokenKind.COMMA));
        }
        Optional<LoopOrder> order = Optional.empty();
        if (peek().isKeyword("Ord")) {
            Token ord = next();
            List<Ident> vars = new ArrayList<>();
            do {
                Token v = expect(TokenKind.IDENT, "an index variable");
                vars.add(new Ident(v.pos(), v.text()));
            } while (accept(TokenKind.COMMA));
            order = Optional.of(new LoopOrder(ord.pos(), vars));
        }
        if (!peek().is(TokenKind.NEWLINE) && !peek().is(TokenKind.EOF)) {
            String expected = order.isPresent() ? "',' or end of line"
                    : reductions.isEmpty() ? "an operator, '|', 'Ord' or end of line" : "',', 'Ord' or end of line";
            throw error(peek(), "unexpected " + peek().describe() + "; expected " + expected);
        }
        return new Definition(name.pos(), new Target(name.pos(), name.text(), indices), value, reductions, order);
    }

    private Reduction reduction() {
        Token idx = expect(TokenKind.IDENT, "the index variable to reduce over");
        expect(TokenKind.COLON, "':' after the reduced index");
        Token open = expect(TokenKind.LPAREN, "'(' with the operator and initial value");
        Token op = next();
        String rop = op.is(TokenKind.PLUS) ? "+" : op.is(TokenKind.STAR) ? "*"
                : op.is(TokenKind.KEYWORD) && Builtin.named(op.text()) != null || op.is(TokenKind.IDENT) ? op.text()
                : null;
        if (rop == null) {
            throw error(op, "unknown reduction operator " + op.describe() + "; use "
                    + Builtin.spellings()
                    + " or a Def");
        }
        expect(TokenKind.COMMA, "',' and the initial value");
        Expr init = expr();
        close(TokenKind.RPAREN, open);
        return new Reduction(idx.pos(), new Ident(idx.pos(), idx.text()), rop, init);
    }

    // ---------------------------------------------------------------- expressions

    private Expr expr() {
        return binary(1);
    }

    /** Precedence climbing: parses operators binding at least as tightly as {@code minPrecedence}. */
    private Expr binary(int minPrecedence) {
        Expr left = unary();
        while (true) {
            BinaryOp op = binaryOp(peek());
            if (op == null || op.precedence() < minPrecedence) {
                return left;
            }
            Token opToken = next();
            Expr right = binary(op.precedence() + 1);
            left = new Expr.Binary(opToken.pos(), op, left, right);
            if (!op.isLeftAssociative()) {
                BinaryOp after = binaryOp(peek());
                if (after != null && after.precedence() == op.precedence()) {
                    throw error(peek(), "comparisons do not chain; combine them with && (a < b && b < c)"
                            + " or use parentheses");
                }
            }
        }
    }

    private Expr unary() {
        Token t = peek();
        if (t.is(TokenKind.MINUS) || t.is(TokenKind.NOT)) {
            next();
            return new Expr.Unary(t.pos(), t.is(TokenKind.MINUS) ? UnaryOp.NEG : UnaryOp.NOT, unary());
        }
        return postfix(primary());
    }

    private Expr postfix(Expr base) {
        if (!peek().is(TokenKind.LBRACK) || !(base instanceof Expr.Name || base instanceof Expr.OutputRef)) {
            return base;
        }
        List<Expr> indices = new ArrayList<>();
        while (peek().is(TokenKind.LBRACK)) {
            Token open = next();
            indices.add(expr());
            close(TokenKind.RBRACK, open);
        }
        return new Expr.Access(base.pos(), base, indices);
    }

    private Expr primary() {
        Token t = peek();
        switch (t.kind()) {
            case INT -> {
                next();
                return new Expr.IntLiteral(t.pos(), integerValue(t), t.text().endsWith("L"));
            }
            case FLOAT -> {
                next();
                double v = Double.parseDouble(t.text());
                if (Double.isInfinite(v)) {
                    throw error(t, "number " + t.text() + " is too large for a double; write inf for infinity");
                }
                return new Expr.FloatLiteral(t.pos(), v);
            }
            case OUTREF -> {
                next();
                return outputRef(t);
            }
            case IDENT -> {
                next();
                if (peek().is(TokenKind.LPAREN) && scalarDefs.contains(t.text())) {
                    return new Expr.BuiltinCall(t.pos(), t.text(), arguments(t, t.text()));
                }
                if (peek().is(TokenKind.LPAREN)) {
                    throw error(t, functionNames.contains(t.text())
                            ? "function " + t.text() + " can only be called as a statement ('out = "
                                    + t.text() + "(...)')"
                            : "'" + t.text() + "' is not a built-in function (ifelse, "
                                    + String.join(", ", Builtin.functionNames())
                                    + ", bool, int, long, float, double) or a Def");
                }
                return new Expr.Name(t.pos(), t.text());
            }
            case LPAREN -> {
                next();
                Expr e = expr();
                close(TokenKind.RPAREN, t);
                return e;
            }
            case UNDERSCORE -> throw error(t, "'_' stands for an ignored output on the left of a call");
            case KEYWORD -> {
                return keywordPrimary(t);
            }
            default -> throw error(t, "expected an expression, found " + t.describe());
        }
    }

    private Expr keywordPrimary(Token t) {
        String w = t.text();
        if (w.equals("true") || w.equals("false")) {
            next();
            return new Expr.BoolLiteral(t.pos(), w.equals("true"));
        }
        if (w.equals("inf")) {
            next();
            return new Expr.FloatLiteral(t.pos(), Double.POSITIVE_INFINITY);
        }
        if (w.equals("fill")) {
            next();
            return new Expr.Fill(t.pos());
        }
        if (w.equals("ifelse")) {
            next();
            List<Expr> args = arguments(t, "ifelse");
            if (args.size() != 3) {
                throw error(t, "ifelse takes 3 arguments (condition, value, otherwise), got " + args.size());
            }
            return new Expr.IfElse(t.pos(), args.get(0), args.get(1), args.get(2));
        }
        if (Builtin.functionNames().contains(w)) {
            next();
            return new Expr.BuiltinCall(t.pos(), w, arguments(t, w));
        }
        ScalarType type = ScalarType.byKeyword(w);
        if (type != null) {
            next();
            List<Expr> args = arguments(t, w);
            if (args.size() != 1) {
                throw error(t, "the conversion " + w + "(...) takes 1 argument, got " + args.size());
            }
            return new Expr.Convert(t.pos(), type, args.get(0));
        }
        throw error(t, "expected an expression, found " + t.describe());
    }

    private List<Expr> arguments(Token function, String name) {
        Token open = peek();
        if (!open.is(TokenKind.LPAREN)) {
            throw error(open, "expected '(' after " + name + ", found " + open.describe());
        }
        next();
        List<Expr> args = new ArrayList<>();
        if (!peek().is(TokenKind.RPAREN)) {
            do {
                args.add(expr());
            } while (accept(TokenKind.COMMA));
        }
        close(TokenKind.RPAREN, open);
        return args;
    }

    private Expr.OutputRef outputRef(Token t) {
        try {
            return new Expr.OutputRef(t.pos(), Integer.parseInt(t.text().substring(1)));
        } catch (NumberFormatException e) {
            throw error(t, "output number " + t.text() + " is too large");
        }
    }

    private static BinaryOp binaryOp(Token t) {
        return switch (t.kind()) {
            case OR -> BinaryOp.OR;
            case AND -> BinaryOp.AND;
            case EQ -> BinaryOp.EQ;
            case NE -> BinaryOp.NE;
            case LT -> BinaryOp.LT;
            case LE -> BinaryOp.LE;
            case GT -> BinaryOp.GT;
            case GE -> BinaryOp.GE;
            case PLUS -> BinaryOp.ADD;
            case MINUS -> BinaryOp.SUB;
            case STAR -> BinaryOp.MUL;
            case SLASH -> BinaryOp.DIV;
            case PERCENT -> BinaryOp.MOD;
            default -> null;
        };
    }

    // ---------------------------------------------------------------- tokens

    private long integerValue(Token t) {
        String digits = t.text().endsWith("L") ? t.text().substring(0, t.text().length() - 1) : t.text();
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw error(t, "integer " + digits + " is too large (the largest long is " + Long.MAX_VALUE + ")");
        }
    }

    private static boolean isTypeKeyword(Token t) {
        return t.is(TokenKind.KEYWORD) && ScalarType.byKeyword(t.text()) != null;
    }

    private Token peek() {
        return tokens.get(p);
    }

    private Token peek(int ahead) {
        return tokens.get(Math.min(p + ahead, tokens.size() - 1));
    }

    private Token next() {
        Token t = tokens.get(p);
        if (p < tokens.size() - 1) {
            p++;
        }
        return t;
    }

    private boolean accept(TokenKind kind) {
        if (peek().is(kind)) {
            next();
            return true;
        }
        return false;
    }

    private Token expect(TokenKind kind, String what) {
        Token t = peek();
        if (!t.is(kind)) {
            throw error(t, "expected " + what + ", found " + t.describe());
        }
        return next();
    }

    /** Expects the bracket closing {@code open}; the message says where the open one is. */
    private void close(TokenKind kind, Token open) {
        Token t = peek();
        if (!t.is(kind)) {
            throw error(t, "expected " + kind.description() + " to close the " + open.describe() + " at "
                    + open.pos() + ", found " + t.describe());
        }
        next();
    }

    private void endOfLine(String where) {
        Token t = peek();
        if (!t.is(TokenKind.NEWLINE) && !t.is(TokenKind.EOF)) {
            throw error(t, "expected end of line " + where + ", found " + t.describe());
        }
        next();
    }

    private void skipNewlines() {
        while (peek().is(TokenKind.NEWLINE)) {
            next();
        }
    }

    private ProgramException error(Token t, String message) {
        return new ProgramException(source, t.pos(), message);
    }
}
