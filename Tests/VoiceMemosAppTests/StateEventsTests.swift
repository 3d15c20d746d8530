import Foundation
import Testing
import VoiceMemos
import VoiceMemosTesting
import VoiceRecorderJSON

@testable import voice_memos

/// The event lines a change of state makes, driven through the real model on its test dependencies (virtual time):
/// what the window prints is read from the states it draws.
@Suite("The app's event lines, from the model's states")
struct StateEventsTests {
    /// A model on test doubles with `memos`, opened, and every line its changes make.
    final class Rig: @unchecked Sendable {
        let test: TestDependencies
        let model: MemosModel
        private(set) var lines: [String] = []
        var requestedPlay: UUID?

        init(memos: [Memo]) {
            test = TestDependencies(memos: memos)
            model = MemosModel(dependencies: test.dependencies)
            var last = model.state
            model.onChange = { [unowned self] state in
                lines += StateEvents.lines(from: last, to: state, requestedPlay: requestedPlay).map(\.text)
                last = state
            }
            model.start()
            test.player.pacing = TestPlayer.Pacing(
                scheduler: test.scheduler, interval: 0.05,
                durations: Dictionary(
                    uniqueKeysWithValues: memos.map { (test.library.fileURL(of: $0.id), $0.duration) }))
        }

        /// The lines since the last call.
        func take() -> [String] {
            defer { lines.removeAll() }
            return lines
        }
    }

    static let a = Memo(
        id: TestDependencies.uuid(101), title: "Alpha", date: Date(timeIntervalSince1970: 2_000),
        duration: 0.2, samples: [0.5])
    static let b = Memo(
        id: TestDependencies.uuid(102), title: "", date: Date(timeIntervalSince1970: 1_000),
        duration: 1, samples: [0.5])

    @Test("opening says how many memos each list shows, and nothing was added")
    func opening() {
        let rig = Rig(memos: [Self.a, Self.b])
        #expect(rig.take() == [#"{"event":"list","list":"memos","count":2}"#])
    }

    @Test("a play: playing, every position the player reports, then ended back at the start")
    func playToTheEnd() {
        let rig = Rig(memos: [Self.a, Self.b])
        _ = rig.take()
        rig.model.send(.playTapped(Self.a.id))
        rig.test.advance(by: 0.3)
        let id = Self.a.id.uuidString
        #expect(
            rig.take() == [
                #"{"event":"playback","id":"\#(id)","state":"playing","position":0,"duration":0.2}"#,
                #"{"event":"playback","id":"\#(id)","state":"position","position":0.05}"#,
                #"{"event":"playback","id":"\#(id)","state":"position","position":0.1}"#,
                #"{"event":"playback","id":"\#(id)","state":"position","position":0.15}"#,
                #"{"event":"playback","id":"\#(id)","state":"position","position":0.2}"#,
                #"{"event":"playback","id":"\#(id)","state":"ended","position":0.2}"#,
            ])
    }

    @Test("playing another memo stops the first; a stop leaves it where it was heard; a seek says seeked")
    func stopAndSeek() {
        let rig = Rig(memos: [Self.a, Self.b])
        rig.model.send(.playTapped(Self.b.id))
        rig.test.advance(by: 0.1)
        _ = rig.take()
        rig.model.send(.seek(Self.b.id, to: 0.5))
        rig.model.send(.playTapped(Self.a.id))
        let (a, b) = (Self.a.id.uuidString, Self.b.id.uuidString)
        #expect(
            rig.take() == [
                #"{"event":"playback","id":"\#(b)","state":"seeked","position":0.5}"#,
                #"{"event":"playback","id":"\#(b)","state":"stopped","position":0.5}"#,
                #"{"event":"playback","id":"\#(a)","state":"playing","position":0,"duration":0.2}"#,
            ])
        rig.model.send(.playTapped(Self.a.id))
        #expect(rig.take() == [#"{"event":"playback","id":"\#(a)","state":"stopped","position":0}"#])
    }

    @Test("a play that fails as it starts is named after the memo asked for, with the alert")
    func failedPlay() {
        let rig = Rig(memos: [Self.a, Self.b])
        _ = rig.take()
        rig.test.player.failure = "unreadable"
        rig.requestedPlay = Self.a.id
        rig.model.send(.playTapped(Self.a.id))
        let a = Self.a.id.uuidString
        #expect(
            rig.take() == [
                #"{"event":"playback","id":"\#(a)","state":"failed","message":"Voice memo playback failed."}"#,
                #"{"event":"alert","text":"Voice memo playback failed."}"#,
            ])
    }

    @Test("delete, the toast, undo; delete, then forever")
    func deleting() {
        let rig = Rig(memos: [Self.a, Self.b])
        _ = rig.take()
        let a = Self.a.id.uuidString
        rig.model.send(.delete(Self.a.id))
        #expect(
            rig.take() == [
                #"{"event":"memoDeleted","id":"\#(a)"}"#,
                #"{"event":"list","list":"memos","count":1}"#,
                #"{"event":"list","list":"recentlyDeleted","count":1}"#,
                #"{"event":"toast","text":"Memo deleted"}"#,
            ])
        rig.model.send(.undoDelete)
        #expect(
            rig.take() == [
                #"{"event":"memoRestored","id":"\#(a)"}"#,
                #"{"event":"list","list":"memos","count":2}"#,
                #"{"event":"list","list":"recentlyDeleted","count":0}"#,
            ])
        rig.model.send(.delete(Self.a.id))
        _ = rig.take()
        rig.model.send(.deleteForever(Self.a.id))
        #expect(
            rig.take() == [
                #"{"event":"memoDeletedForever","id":"\#(a)"}"#,
                #"{"event":"list","list":"recentlyDeleted","count":0}"#,
            ])
    }

    @Test("deleting the memo that plays: it stops, then it is deleted, in that order")
    func deletePlaying() {
        let rig = Rig(memos: [Self.a, Self.b])
        rig.model.send(.playTapped(Self.b.id))
        rig.test.advance(by: 0.1)
        _ = rig.take()
        rig.model.send(.delete(Self.b.id))
        let b = Self.b.id.uuidString
        #expect(
            Array(rig.take().prefix(2)) == [
                #"{"event":"playback","id":"\#(b)","state":"stopped","position":0.1}"#,
                #"{"event":"memoDeleted","id":"\#(b)"}"#,
            ])
    }

    @Test("a title is 'renamed' when it is saved: typing paused for 0.5 s, or the field was left")
    func renaming() {
        let rig = Rig(memos: [Self.a, Self.b])
        _ = rig.take()
        let b = Self.b.id.uuidString
        rig.model.send(.titleEdited(Self.b.id, "Gro"))
        rig.model.send(.titleEdited(Self.b.id, "Groceries"))
        #expect(rig.take() == [])
        rig.test.advance(by: 0.5)
        #expect(rig.take() == [#"{"event":"renamed","id":"\#(b)","title":"Groceries"}"#])
        rig.model.send(.titleEdited(Self.b.id, "Groceries\nlist"))
        rig.model.send(.titleEditingEnded(Self.b.id))
        #expect(rig.take() == [#"{"event":"renamed","id":"\#(b)","title":"Groceries list"}"#])
    }

    @Test("a memo kept after the library opened is added")
    func added() {
        let rig = Rig(memos: [Self.b])
        _ = rig.take()
        rig.test.recorder.report(.phase(.holding))
        rig.test.recorder.report(.phase(.idle))
        rig.test.recorder.report(.sent(.init(url: URL(fileURLWithPath: "/t/1.m4a"), duration: 2, samples: [])))
        let id = TestDependencies.uuid(1).uuidString
        #expect(
            rig.take() == [
                #"{"event":"memoAdded","id":"\#(id)","duration":2,"recovered":false}"#,
                #"{"event":"list","list":"memos","count":2}"#,
            ])
    }
}
