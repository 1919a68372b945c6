@testable import CKSchemaDeploy
import CKSchemaCore
import Foundation
import Testing

/// The parts of the cktool-js backend that need no node: the retry schedule, reading the driver's replies (the
/// token scrubbed even when JSON escapes hid it), what a server error says, `node --version`, and naming the
/// schema line a validation error points at.
@Suite struct CKToolJSProtocolTests {
    static let token = "ckmt-0123456789abcdef-SECRET"
    static let scrubber = SecretScrubber(secret: token)!

    @Test func retriesDoubleTheirWaitAndHonourTheServerWithinTheBound() {
        let policy = CKToolJSRunner.RetryPolicy()
        #expect(policy.attempts == 4)
        #expect([1, 2, 3].map { policy.delay(after: $0, serverAsked: nil) } == [1, 2, 4])
        #expect(policy.delay(after: 1, serverAsked: 7) == 7)
        #expect(policy.delay(after: 1, serverAsked: 3600) == 30, "a server asking for an hour waits 30 seconds at most")
        #expect(policy.delay(after: 1, serverAsked: -5) == 0)
    }

    @Test func onlyBusyOrFailingServersAndTheNetworkAreRetried() throws {
        func error(_ line: String) throws -> CKToolJSError {
            let reply = try #require(CKToolJSReply(output: Array(line.utf8), scrubber: Self.scrubber))
            guard case .failed(let error) = reply.outcome else { Issue.record("not a failure"); throw CancellationError() }
            return error
        }
        #expect(try error(#"{"id":1,"ok":false,"error":{"kind":"server","status":429}}"#).isTransient)
        #expect(try error(#"{"id":1,"ok":false,"error":{"kind":"server","status":503}}"#).isTransient)
        #expect(try error(#"{"id":1,"ok":false,"error":{"kind":"network","message":"ECONNRESET"}}"#).isTransient)
        #expect(try !error(#"{"id":1,"ok":false,"error":{"kind":"server","status":401}}"#).isTransient)
        #expect(try !error(#"{"id":1,"ok":false,"error":{"kind":"server","status":400}}"#).isTransient)
        #expect(try !error(#"{"id":1,"ok":false,"error":{"kind":"setup","reason":"missing-package"}}"#).isTransient)
    }

    @Test func aReplyIsTheLineThatIsOneAndItsTextsAreScrubbedAfterDecoding() throws {
        // The token's first letter JSON-escaped: invisible to a byte scrub of the line, caught after decoding.
        let escaped = "\\u0063" + Self.token.dropFirst()
        let output = "library chatter\n{\"id\":1,\"ok\":false,\"error\":{\"kind\":\"server\",\"status\":401,"
            + "\"reason\":\"bad token \(escaped)\",\"serverCode\":\"AUTHENTICATION_FAILED\"}}\n"
        let reply = try #require(CKToolJSReply(output: Self.scrubber.scrub(Array(output.utf8)), scrubber: Self.scrubber))
        guard case .failed(let error) = reply.outcome else { Issue.record("not a failure"); return }
        #expect(error.reason == "bad token [redacted]")
        #expect(error.serverAnswer == "HTTP 401 AUTHENTICATION_FAILED: bad token [redacted]")
        #expect(CKToolJSReply(output: Array("<html>502</html>\n{\"id\":1}\n".utf8), scrubber: Self.scrubber) == nil)
    }

    @Test func anExportTravelsAsBase64ByteForByte() throws {
        let bytes: [UInt8] = Array("DEFINE SCHEMA\r\n    RECORD TYPE Café (\n".utf8)
        let line = "{\"id\":1,\"ok\":true,\"schema\":\"\(Data(bytes).base64EncodedString())\"}\n"
        let reply = try #require(CKToolJSReply(output: Array(line.utf8), scrubber: Self.scrubber))
        guard case .succeeded(let schema, _, _) = reply.outcome else { Issue.record("not a success"); return }
        #expect(schema == bytes)
    }

    @Test func nodeVersions() {
        #expect(CKToolJSRunner.majorVersion("v20.11.1") == 20)
        #expect(CKToolJSRunner.majorVersion("v16.20.2") == 16)
        #expect(CKToolJSRunner.majorVersion("20.11.1") == nil)
        #expect(CKToolJSRunner.majorVersion("") == nil)
    }

    @Test func aValidationErrorNamingALineQuotesThatLineOfTheSchemaSent() {
        let schema = "DEFINE SCHEMA\n\n    RECORD TYPE Note (\n        title STRING,\n        body BADTYPE\n    );\n"
        #expect(CKToolJSBackend.quotedLine(of: schema, namedIn: "Encountered \"BADTYPE\" at line 5, column 14.")
            == "; line 5 of the schema sent is 'body BADTYPE'")
        #expect(CKToolJSBackend.quotedLine(of: schema, namedIn: "at line 99") == "")
        #expect(CKToolJSBackend.quotedLine(of: schema, namedIn: "no line here") == "")
    }

    @Test func importAndResetAreNeverSentToProduction() throws {
        let runner = CKToolJSRunner(container: CloudKitContainer(containerID: "iCloud.a.b", teamID: "T"),
                                    packagesFolder: "/nonexistent", variables: ["CLOUDKIT_MANAGEMENT_TOKEN": Self.token])
        let session = CKToolJSRunner.Session(container: runner.container!, token: Self.token, scrubber: Self.scrubber,
                                             node: "/nonexistent/node")
        for operation in [CKToolJSRunner.Operation.import, .reset] {
            #expect(throws: DeployFailure.couldNotRun("cktool-js \(operation.method) is only ever sent to development")) {
                try runner.call(operation, environment: .production, schema: "DEFINE SCHEMA\n", session: session, lock: nil)
            }
        }
    }
}
