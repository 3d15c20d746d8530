import Glibc
import Testing

@testable import VoiceRecorderPOSIX

@Suite struct POSIXErrorTests {
    @Test func describesTheCallAndTheErrnosWords() {
        let full = POSIX.Error(call: "pwrite", code: ENOSPC)
        #expect(full.description == "pwrite: No space left on device")
        #expect(full.words == "No space left on device")
        #expect(full.isOutOfSpace)
        let missing = POSIX.Error(call: "open", code: ENOENT, path: "/nowhere/take.m4a")
        #expect(missing.description == "open /nowhere/take.m4a: No such file or directory")
        #expect(!missing.isOutOfSpace)
        #expect(POSIX.Error(call: "write", code: EFBIG).isOutOfSpace)
    }

    @Test func anUnknownErrnoStillGetsWords() {
        #expect(POSIX.words(for: 9_999).isEmpty == false)
        #expect(!POSIX.words(for: 9_999).contains("\n"))
    }

    @Test func anInterruptedCallIsMadeAgainUntilItIsNot() throws {
        var calls = 0
        let result = try POSIX.call("fake") { () -> Int32 in
            calls += 1
            if calls < 4 {
                errno = EINTR
                return -1
            }
            return 42
        }
        #expect(result == 42)
        #expect(calls == 4)
    }

    @Test func anInterruptedCloseIsTakenAsDoneAndNotMadeAgain() throws {
        var calls = 0
        let result = try POSIX.call("close", onInterrupt: .done) { () -> Int32 in
            calls += 1
            errno = EINTR
            return -1
        }
        #expect(result == 0)
        #expect(calls == 1, "closing twice could close a descriptor another thread was just given")
    }

    @Test func anyOtherFailureIsThrownWithTheCallAndPath() {
        let error = #expect(throws: POSIX.Error.self) {
            try POSIX.call("unlink", path: "/x") { () -> Int32 in
                errno = EACCES
                return -1
            }
        }
        #expect(error == POSIX.Error(call: "unlink", code: EACCES, path: "/x"))
    }

    @Test func shortCountsAreContinuedUntilAllIsMovedOrNothingMoves() throws {
        var offsets: [Int] = []
        let moved = try POSIX.transferAll(10) { done in
            offsets.append(done)
            return min(3, 10 - done)
        }
        #expect(moved == 10)
        #expect(offsets == [0, 3, 6, 9])

        var steps = 0
        let atEnd = try POSIX.transferAll(10) { _ in
            steps += 1
            return steps == 1 ? 4 : 0
        }
        #expect(atEnd == 4, "a step that moves nothing is the end of the file")
    }
}
