import CKSchemaCore
import CKSchemaParsing
import CKSchemaTestSupport
import Testing

/// One syntax error: the marked source (`↓` where the error points) and the exact message.
struct SyntaxErrorCase: Sendable, CustomTestStringConvertible {
    let source: String
    let message: String
    var testDescription: String { message }
}

/// The primitive-type list that data-type errors spell out.
private let primitives = "ASSET, BYTES, DOUBLE, INT64, LOCATION, NUMBER, REFERENCE, STRING, TIMESTAMP"

@Suite struct CKDBParserErrorTests {
    static let statementErrors: [SyntaxErrorCase] = [
        .init(source: "↓RECORD TYPE A (x STRING);",
              message: "expected 'DEFINE SCHEMA' at the start of the schema, found 'RECORD'"),
        .init(source: "DEFINE ↓RECORD TYPE A (x STRING);", message: "expected 'SCHEMA' after 'DEFINE', found 'RECORD'"),
        .init(source: "DEFINE SCHEMA\n  ↓TABLE A;\n", message: "expected 'CREATE ROLE' or 'RECORD TYPE', found 'TABLE'"),
        .init(source: "DEFINE SCHEMA\n↓;\n", message: "expected 'CREATE ROLE' or 'RECORD TYPE', found ';'"),
        .init(source: "DEFINE SCHEMA\n↓DEFINE SCHEMA\n",
              message: "'DEFINE SCHEMA' may appear only once, at the start of the schema"),
        .init(source: "DEFINE SCHEMA\nCREATE ↓USER A;", message: "expected 'ROLE' after 'CREATE', found 'USER'"),
        .init(source: "DEFINE SCHEMA\nCREATE ROLE ↓;", message: "expected a role name after 'CREATE ROLE', found ';'"),
        .init(source: "DEFINE SCHEMA\nCREATE ROLE A\n↓CREATE ROLE B;",
              message: "expected ';' after role 'A', found 'CREATE'"),
        .init(source: "DEFINE SCHEMA\nRECORD TYPE A (x STRING)\n↓RECORD TYPE B (y INT64);",
              message: "expected ';' after record type 'A', found 'RECORD'"),
        .init(source: "DEFINE SCHEMA\nRECORD TYPE A (x STRING)↓", message: "expected ';' after record type 'A', found end of file"),
        .init(source: "DEFINE SCHEMA\nRECORD ↓A (x STRING);", message: "expected 'TYPE' after 'RECORD', found 'A'"),
        .init(source: "DEFINE SCHEMA\nRECORD TYPE ↓(x STRING);",
              message: "expected a record type name after 'RECORD TYPE', found '('"),
        .init(source: "DEFINE SCHEMA\nRECORD TYPE A ↓x STRING);", message: "expected '(' after record type 'A', found 'x'"),
        .init(source: "DEFINE SCHEMA\nRECORD TYPE A (x STRING↓;",
              message: "expected ',' or ')' after field 'x' in record type 'A', found ';'"),
        .init(source: "DEFINE SCHEMA\nRECORD TYPE A (x STRING↓",
              message: "expected ',' or ')' after field 'x' in record type 'A', found end of file"),
        .init(source: "DEFINE SCHEMA\nRECORD TYPE A (\n    x STRING,\n↓);",
              message: "expected a field or 'GRANT' after ',' in record type 'A', found ')'"),
        .init(source: "DEFINE SCHEMA\n  ↓\"unclosed\n", message: "unterminated quoted name"),
        .init(source: "DEFINE SCHEMA\nRECORD TYPE A (x STRING, ↓/* never closed\n  y INT64);\n", message: "unterminated comment"),
        .init(source: "DEFINE SCHEMA\nRECORD TYPE A (x STRING, ↓@home STRING);",
              message: "expected a field or 'GRANT' in record type 'A', found '@'"),
    ]

    static let itemErrors: [SyntaxErrorCase] = [
        .init(source: "title ↓BOOLEAN", message: "expected a data type after field 'title' (\(primitives) or LIST<…>), found 'BOOLEAN'"),
        .init(source: "\"___recordID\" ↓QUERYABLE",
              message: "expected a data type after field '___recordID' (\(primitives) or LIST<…>), found 'QUERYABLE'"),
        .init(source: "feed↓-url STRING", message: "expected a data type after field 'feed' (\(primitives) or LIST<…>), found '-'"),
        .init(source: "a STRING\n        ↓b INT64", message: "expected ',' or ')' after field 'a' in record type 'T', found 'b'"),
        .init(source: "a STRING ↓QUERYABL", message: "expected ',' or ')' after field 'a' in record type 'T', found 'QUERYABL'"),
        .init(source: "a LIST ↓STRING", message: "expected '<' after 'LIST' in the type of field 'a', found 'STRING'"),
        .init(source: "a LIST<↓LIST<STRING>>", message: "lists cannot be nested: field 'a' has 'LIST' inside 'LIST<…>'"),
        .init(source: "a LIST<STRING↓, b INT64", message: "expected '>' to close 'LIST<' in field 'a', found ','"),
        .init(source: "a LIST<↓BOOLEAN>", message: "expected a data type after 'LIST<' in field 'a' (\(primitives)), found 'BOOLEAN'"),
        .init(source: "a ENCRYPTED ↓BOOL", message: "expected a data type after 'ENCRYPTED' in field 'a' (\(primitives)), found 'BOOL'"),
        .init(source: "a ENCRYPTED ↓LIST<STRING>", message: "'ENCRYPTED' goes inside the list: write 'LIST<ENCRYPTED …>' for field 'a'"),
        .init(source: "n NUMBER PREFERRED ↓INT64", message: "expected 'AS' after 'NUMBER PREFERRED', found 'INT64'"),
        .init(source: "n NUMBER PREFERRED AS ↓STRING", message: "expected 'INT64' or 'DOUBLE' after 'NUMBER PREFERRED AS', found 'STRING'"),
        .init(source: "GRANT ↓TO \"_world\"", message: "expected a permission (READ, CREATE or WRITE) after 'GRANT', found 'TO'"),
        .init(source: "GRANT ↓DELETE TO \"_world\"", message: "expected a permission (READ, CREATE or WRITE) after 'GRANT', found 'DELETE'"),
        .init(source: "GRANT READ, ↓TO \"_world\"", message: "expected a permission (READ, CREATE or WRITE) after ',', found 'TO'"),
        .init(source: "GRANT READ ↓\"_world\"", message: "expected ',' or 'TO' after 'READ' in 'GRANT', found '\"_world\"'"),
        .init(source: "GRANT read, write ↓FOR \"_world\"", message: "expected ',' or 'TO' after 'write' in 'GRANT', found 'FOR'"),
        .init(source: "GRANT READ TO ↓, a STRING", message: "expected a role name after 'TO', found ','"),
        .init(source: "↓(a STRING)", message: "expected a field or 'GRANT' in record type 'T', found '('"),
    ]

    @Test(arguments: statementErrors)
    func statementLevelErrorsPointAtTheOffendingToken(_ error: SyntaxErrorCase) {
        let marked = MarkedText(error.source)
        let parsed = parseCKDB(marked)
        #expect(parsed.messages == [error.message])
        #expect(parsed.locations == [marked.at()])
        #expect(parsed.diagnostics.allSatisfy { $0.id == .ckdbSyntax && $0.severity == .error })
    }

    @Test(arguments: itemErrors)
    func itemErrorsPointAtTheOffendingToken(_ error: SyntaxErrorCase) {
        let marked = MarkedText(schemaText(items: "        " + error.source))
        let parsed = parseCKDB(marked)
        #expect(parsed.messages == [error.message])
        #expect(parsed.locations == [marked.at()])
    }

    @Test func aFieldWithNoTypeNamesTheFieldAsSubject() {
        let parsed = parseCKDB(schemaText(items: "\"___recordName\" QUERYABLE"))
        #expect(parsed.diagnostics.first?.subject == .field("T", "___recordName"))
        #expect(parsed.diagnostics.first?.message.contains("'___recordName'") == true)
    }

    @Test func columnsCountUnicodeScalarsAfterNonASCIIText() {
        // é is one scalar; e + U+0301 is one Character but two scalars; 🎉 is one scalar of four UTF-8 bytes.
        let marked = MarkedText("""
            DEFINE SCHEMA
            RECORD TYPE Café (
                "résumé" STRING, "e\u{301}🎉" INT64, naïve ↓DATE
            );
            """)
        let parsed = parseCKDB(marked)
        #expect(parsed.locations == [marked.at()])
        #expect(marked.at().column == 41)
        #expect(parsed.schema.recordTypes.first?.fields.map(\.name) == ["résumé", "e\u{301}🎉"])
    }

    @Test func aMissingHeaderIsOneErrorAndTheStatementsAreStillRead() {
        let parsed = parseCKDB("CREATE ROLE Editor;\nRECORD TYPE A (x STRING);\nRECORD TYPE B (y INT64);\n")
        #expect(parsed.messages == ["expected 'DEFINE SCHEMA' at the start of the schema, found 'CREATE'"])
        #expect(parsed.schema.roles == [Role(name: "Editor")])
        #expect(parsed.schema.recordTypes.map(\.name) == ["A", "B"])
    }

    @Test(arguments: ["DEFNE SCHEMA", "SCHEMA", "define_schema SCHEMA"])
    func aMisspeltHeaderDoesNotSwallowTheFirstStatement(_ header: String) {
        let parsed = parseCKDB("\(header)\nRECORD TYPE A (x STRING);\n")
        #expect(parsed.diagnostics.count == 1)
        #expect(parsed.diagnostics.first?.location == SourceLocation(file: testPath, line: 1, column: 1))
        #expect(parsed.schema.recordTypes.map(\.name) == ["A"])
    }

    @Test func aByteOrderMarkIsSkippedButCountsAsAScalar() {
        let parsed = parseCKDB("\u{FEFF}DEFINE SCHEMA\nRECORD TYPE A (x STRING);")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parseCKDB("\u{FEFF}").diagnostics.map(\.id) == [.emptyFile])
        let located = parseCKDB("\u{FEFF}RECORD TYPE A (x STRING);")
        #expect(located.locations == [SourceLocation(file: testPath, line: 1, column: 2)])
    }

    @Test func aMissingSemicolonStillReadsTheNextStatement() {
        let parsed = parseCKDB("DEFINE SCHEMA\nCREATE ROLE A\nRECORD TYPE B (x STRING)\nRECORD TYPE C (y INT64);")
        #expect(parsed.diagnostics.count == 2)
        #expect(parsed.schema.roles.map(\.name) == ["A"])
        #expect(parsed.schema.recordTypes.map(\.name) == ["B", "C"])
    }

    @Test func everyErrorIsReportedAndTheRestOfTheSchemaIsKept() {
        let marked = MarkedText("""
            DEFINE SCHEMA
            RECORD TYPE A (
                a 1️⃣BOOLEAN,
                b STRING QUERYABLE,
                c LIST<2️⃣LIST<INT64>>,
                d INT64 SORTABLE 3️⃣( 1, 2 ),
                e DOUBLE
            );
            4️⃣GARBAGE here (x STRING);
            RECORD TYPE B ( f 5️⃣DATE, g ASSET, GRANT READ TO "_world" );
            """)
        let parsed = parseCKDB(marked)
        #expect(parsed.locations == ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"].map { marked.at($0) })
        #expect(parsed.schema == Schema(recordTypes: [
            RecordType(name: "A", fields: [
                Field(name: "b", type: .string, indexes: .queryable),
                // The junk after `d` is the error; the field itself was read whole.
                Field(name: "d", type: .int64, indexes: .sortable),
                Field(name: "e", type: .double),
            ]),
            RecordType(name: "B", fields: [Field(name: "g", type: .asset)], grants: [Grant(.read, to: "_world")]),
        ]))
    }

    @Test func errorsStopAtTheLimitWithOneSummary() {
        let items = (0..<300).map { "    f\($0) BOOLEAN," }.joined(separator: "\n")
        let parsed = parseCKDB("DEFINE SCHEMA\nRECORD TYPE T (\n\(items)\n    ok STRING\n);\n")
        #expect(parsed.diagnostics.count == 201)
        #expect(parsed.diagnostics.last?.message == "too many syntax errors: 100 more after the first 200 were not reported")
        // The summary points at the first error left out: the 201st field, on line 203.
        #expect(parsed.diagnostics.last?.location?.line == 203)
        #expect(parsed.schema.recordTypes.first?.fields.map(\.name) == ["ok"])
    }

    @Test(arguments: ["", "   \n\t\r\n", "// only a comment\n-- and another\n/* and a block */\n"])
    func aFileWithNoSchemaIsAnEmptyFileError(_ text: String) {
        let parsed = parseCKDB(text)
        #expect(parsed.diagnostics.map(\.id) == [.emptyFile])
        #expect(parsed.locations == [SourceLocation(file: testPath, line: 1, column: 1)])
        #expect(parsed.schema == Schema())
    }
}
