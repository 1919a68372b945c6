import CKSchemaService
import Foundation
import Testing

/// A call answers within its time limit even when its work does not end in time.
@Suite(.timeLimit(.minutes(1))) struct CallDeadlineTests {
    @Test func workThatEndsInTimeGivesItsValue() async throws {
        #expect(try await CallDeadline.run(within: 5) { 42 } == 42)
    }

    @Test func workThatThrowsGivesItsError() async {
        struct Failure: Error {}
        await #expect(throws: Failure.self) { try await CallDeadline.run(within: 5) { () throws -> Int in throw Failure() } }
    }

    @Test func workOverTheLimitIsAnsweredWhenTheLimitPasses() async throws {
        let start = Date()
        await #expect(throws: CallDeadline.Expired.self) {
            try await CallDeadline.run(within: 0.2) { () -> Int in Thread.sleep(forTimeInterval: 3); return 1 }
        }
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(CallDeadline.Expired(seconds: 30).description == "the call did not finish within 30 seconds")
    }
}
