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
        // The work would return 1 after 10 s; the limit's answer comes first, however busy the machine.
        await #expect(throws: CallDeadline.Expired.self) {
            try await CallDeadline.run(within: 0.2) { () -> Int in Thread.sleep(forTimeInterval: 10); return 1 }
        }
        #expect(CallDeadline.Expired(seconds: 30).description == "the call did not finish within 30 seconds")
    }
}
