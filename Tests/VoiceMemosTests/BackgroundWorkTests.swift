import Dispatch
import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting
import VoiceRecorder

/// The library's disk work runs off the model's thread (SPEC B.10: the window never waits on the disk): while it is
/// held, the model goes on taking actions and drawing, and the answers arrive in the order the calls were made.
@Suite("Memos: the library's work in the background")
struct BackgroundWorkTests {
    @Test func aHeldOpeningLeavesTheModelTakingActionsAndOpensWhenReleased() {
        let rig = Rig(memos: [memo(1, title: "Dentist"), memo(2, title: "Groceries")], opens: false) {
            $0.work.hold()
        }
        rig.model.start()
        #expect(rig.calls().isEmpty, "nothing ran on the model's thread")
        #expect(rig.state.library == .opening)
        rig.send(.searchChanged("dent"))
        rig.send(.speedChosen(.double))
        #expect(rig.state.searchText == "dent")
        #expect(rig.state.speed == .double)
        #expect(rig.test.work.waitingCount == 2, "the opening, then the search of titles and transcripts")

        rig.test.work.release()
        #expect(rig.calls() == [.saveSpeed(.double), .open])
        #expect(rig.state.library == .open)
        #expect(rig.state.visibleMemos.map(\.title) == ["Dentist"])
    }

    @Test func callsHeldBehindASlowKeepRunInTheOrderTheyWereMade() throws {
        let rig = Rig(memos: [memo(2)])
        rig.send(.recordTapped)
        _ = rig.calls()
        rig.test.work.hold()
        rig.send(.recorder(.sent(recording())))
        rig.send(.delete(memo(2).id))
        #expect(rig.calls().isEmpty)
        #expect(rig.test.work.waitingCount == 2)

        rig.test.work.release()
        let calls = rig.calls()
        #expect(calls.count == 2)
        guard case .keep = calls.first else {
            Issue.record("the keep first, then the delete: \(calls)")
            return
        }
        #expect(calls.last == .delete(memo(2).id, at: rig.now))
        let kept = try #require(rig.state.memos.first)
        #expect(kept.id == TestDependencies.uuid(1))
    }

    @Test func aFailedCallAnswersWithItsAlertOnceReleased() {
        let rig = Rig(memos: [memo(1)])
        rig.test.library.failures = [.delete: "the disk is full"]
        rig.test.work.hold()
        rig.send(.delete(memo(1).id))
        #expect(rig.state.alert == nil)
        rig.test.work.release()
        #expect(rig.state.alert != nil)
    }

    @Test func theLiveWorkRunsOffTheSchedulersThreadInOrderAndAnswersOnIt() {
        let queue = DispatchQueue(label: "the model's thread")
        let scheduler = DispatchScheduler(queue: queue)
        let work = SerialBackgroundWork(scheduler: scheduler)
        let ran = Ledger()
        let answered = DispatchSemaphore(value: 0)
        queue.sync {
            for number in 1 ... 20 {
                work.run {
                    ran.note(number, onSchedulerThread: scheduler.isOnSessionThread)
                    return number
                } then: { result in
                    ran.noteAnswer(result, onSchedulerThread: scheduler.isOnSessionThread)
                    if result == 20 { answered.signal() }
                }
            }
        }
        #expect(answered.wait(timeout: .now() + 10) == .success)
        #expect(ran.jobs == Array(1 ... 20))
        #expect(ran.answers == Array(1 ... 20))
        #expect(ran.jobsOnSchedulerThread == 0)
        #expect(ran.answersOffSchedulerThread == 0)
    }

    @Test func waitingUntilDoneWaitsForEveryJobHandedOver() {
        let scheduler = DispatchScheduler(queue: DispatchQueue(label: "nobody drains this one"))
        let work = SerialBackgroundWork(scheduler: scheduler)
        let ran = Ledger()
        for number in 1 ... 5 {
            work.run {
                ran.note(number, onSchedulerThread: false)
            } then: { _ in
            }
        }
        work.waitUntilDone()
        #expect(ran.jobs == Array(1 ... 5))
    }
}

private final class Ledger: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var jobs: [Int] = []
    private(set) var answers: [Int] = []
    private(set) var jobsOnSchedulerThread = 0
    private(set) var answersOffSchedulerThread = 0

    func note(_ number: Int, onSchedulerThread: Bool) {
        lock.withLock {
            jobs.append(number)
            if onSchedulerThread { jobsOnSchedulerThread += 1 }
        }
    }

    func noteAnswer(_ number: Int, onSchedulerThread: Bool) {
        lock.withLock {
            answers.append(number)
            if !onSchedulerThread { answersOffSchedulerThread += 1 }
        }
    }
}
