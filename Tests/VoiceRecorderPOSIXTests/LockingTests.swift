import Testing
import VoiceRecorderPOSIX
import VoiceRecorderTestSupport

@Suite struct LockingTests {
    @Test func anExclusiveLockKeepsEveryOtherHolderOut() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("locked")
        let first = try POSIX.File(path: path, access: .readWrite, options: [.create])
        let second = try POSIX.File(path: path, access: .readOnly)
        #expect(try first.tryLock(.exclusive))
        #expect(try !second.tryLock(.exclusive), "two descriptors conflict even in one process")
        #expect(try !second.tryLock(.shared))
        try first.unlock()
        #expect(try second.tryLock(.exclusive))
        #expect(try !first.tryLock(.shared))
    }

    @Test func sharedLocksAreShared() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("shared")
        let first = try POSIX.File(path: path, access: .readWrite, options: [.create])
        let second = try POSIX.File(path: path, access: .readOnly)
        #expect(try first.tryLock(.shared))
        #expect(try second.tryLock(.shared))
        #expect(try !POSIX.File(path: path, access: .readOnly).tryLock(.exclusive))
    }

    @Test func closingLetsGoOfTheLock() throws {
        let directory = try ScratchDirectory()
        let path = directory.path("released")
        let holder = try POSIX.File(path: path, access: .readWrite, options: [.create])
        try holder.lock(.exclusive)
        let waiter = try POSIX.File(path: path, access: .readOnly)
        #expect(try !waiter.tryLock(.exclusive))
        try holder.close()
        #expect(try waiter.tryLock(.exclusive))
    }
}
