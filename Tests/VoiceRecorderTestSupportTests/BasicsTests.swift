import Dispatch
import Foundation
import Testing
import VoiceRecorderTestSupport

/// Waiting on the real world, a value shared between threads, and a directory per test.
@Suite("Waiting, Locked and scratch directories")
struct BasicsTests {
    @Test func waitingEndsAsSoonAsTheConditionHolds() {
        let start = Date()
        var checks = 0
        #expect(
            wait(timeout: 5) {
                checks += 1
                return Date().timeIntervalSince(start) > 0.1
            })
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(checks > 1)
    }

    @Test func waitingGivesUpAtTheTimeout() {
        let start = Date()
        #expect(!wait(timeout: 0.2) { false })
        let waited = Date().timeIntervalSince(start)
        #expect(waited >= 0.2 && waited < 1)
    }

    @Test func waitingInAnAsyncTestSuspends() async {
        let start = Date()
        #expect(await wait(timeout: 5) { Date().timeIntervalSince(start) > 0.1 })
        #expect(!(await wait(timeout: 0.1) { false }))
    }

    @Test func aLockedValueTakesEveryChangeFromEveryThread() {
        let count = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in count.withLock { $0 += 1 } }
        #expect(count.value == 1_000)
        count.set(7)
        #expect(count.value == 7)
    }

    @Test func aScratchDirectoryIsFreshAndGoesAwayWithItsFiles() throws {
        var directory: ScratchDirectory? = try ScratchDirectory(prefix: "basics")
        let url = try #require(directory?.url)
        #expect(try directory?.contents() == [])
        try Data("x".utf8).write(to: try #require(directory?.file("a")))
        #expect(try directory?.contents() == ["a"])
        #expect(directory?.path("a") == url.appendingPathComponent("a").path)
        directory = nil
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func aScratchDirectoryThatIsGoneCannotBeListed() throws {
        let directory = try ScratchDirectory()
        directory.remove()
        #expect(throws: (any Error).self) { try directory.contents() }
    }
}
