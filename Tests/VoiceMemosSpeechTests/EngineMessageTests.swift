import Testing
import VoiceMemos

@testable import VoiceMemosSpeech

/// The engine's lines as the adapter reads them: the protocol's events, and anything else as nonsense (nil).
@Suite struct EngineMessageTests {
    @Test func theProtocolsEventsAreRead() {
        #expect(EngineMessage(line: #"{"event":"ready","engine":"faster-whisper 1.2.1","loadSeconds":1.2}"#) == .ready)
        #expect(EngineMessage(line: #"{"event":"progress","id":"1","fraction":0.4}"#) == .progress(0.4))
        #expect(EngineMessage(line: #"{"event":"progress","id":"1","fraction":7}"#) == .progress(1), "clamped")
        #expect(
            EngineMessage(
                line:
                    #"{"event":"done","id":"1","language":"en","duration":2.5,"words":[{"text":"Hello,","start":0.52,"end":0.81},{"text":"world","start":0.9,"end":1.3}]}"#
            )
                == .done(
                    Transcript(
                        language: "en",
                        words: [
                            .init(text: "Hello,", start: 0.52, end: 0.81), .init(text: "world", start: 0.9, end: 1.3),
                        ])))
        #expect(
            EngineMessage(line: #"{"event":"done","id":"1","language":null,"duration":2.5,"words":[]}"#)
                == .done(Transcript(language: "", words: [])), "no speech: no language")
        #expect(EngineMessage(line: #"{"event":"failed","id":"1","reason":"not audio"}"#) == .failed("not audio"))
        #expect(
            EngineMessage(line: #"{"event":"unavailable","reason":"model damaged"}"#) == .unavailable("model damaged"))
        #expect(EngineMessage(line: #"{"event":"error","reason":"no op"}"#) == .error("no op"))
    }

    @Test(arguments: [
        "", "garbage", "[1,2]", #"{"event":"wat"}"#, #"{"event":"progress"}"#, #"{"event":"progress","fraction":"x"}"#,
        #"{"event":"done","words":[{"text":"a"}]}"#, #"{"event":"done","words":[{"text":"a","start":-1,"end":2}]}"#,
        #"{"event":"done"}"#, #"{"event":"failed"}"#, #"{"no":"event"}"#, "{\"event\":\"ready\"",
    ])
    func anythingElseIsNonsense(_ line: String) {
        #expect(EngineMessage(line: line) == nil)
    }
}

/// The live mode's lines (SPEC K) as the adapter reads them, and its audio as the engine reads it.
@Suite struct LiveEngineMessageTests {
    @Test func theLiveProtocolsEventsAreRead() {
        #expect(LiveEngineMessage(line: #"{"event":"ready","engine":"faster-whisper 1.2.1"}"#) == .ready)
        #expect(LiveEngineMessage(line: #"{"event":"tentative","text":"on Mon"}"#) == .update(.tentative("on Mon")))
        #expect(LiveEngineMessage(line: #"{"event":"tentative","text":""}"#) == .update(.tentative("")))
        #expect(
            LiveEngineMessage(line: #"{"event":"phrase","text":"Call the dentist","start":0.4,"end":1.32}"#)
                == .update(.phrase(LivePhrase(text: "Call the dentist", start: 0.4, end: 1.32))))
        #expect(LiveEngineMessage(line: #"{"event":"end"}"#) == .end)
        #expect(LiveEngineMessage(line: #"{"event":"unavailable","reason":"no model"}"#) == .unavailable("no model"))
    }

    @Test(arguments: [
        "Loading weights", #"{"event":"phrase","text":"x","start":-1,"end":2}"#, #"{"event":"phrase","text":"x"}"#,
        #"{"event":"tentative"}"#, #"{"event":"done","words":[]}"#, #"["phrase"]"#, "",
    ])
    func anythingElseIsNonsense(_ line: String) {
        #expect(LiveEngineMessage(line: line) == nil)
    }

    @Test func theTakesAudioIsSigned16BitLittleEndianClipped() {
        let pcm = LiveEngineTranscription.pcm16([0, 0.5, -0.5, 1, -1, 2, -3])
        let values = stride(from: 0, to: pcm.count, by: 2).map {
            Int16(bitPattern: UInt16(pcm[$0]) | UInt16(pcm[$0 + 1]) << 8)
        }
        #expect(values == [0, 16384, -16384, 32767, -32767, 32767, -32767])
    }
}
