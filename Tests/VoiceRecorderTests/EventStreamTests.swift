import Testing
import VoiceRecorder

@Suite struct EventStreamTests {
    @Test func everyObserverHearsEveryEventInTheOrderItStartedObserving() {
        let stream = EventStream<Int>()
        var heard: [String] = []
        stream.observe { heard.append("a\($0)") }
        stream.observe { heard.append("b\($0)") }
        stream.publish(1)
        stream.publish(2)
        #expect(heard == ["a1", "b1", "a2", "b2"])
    }

    @Test func aCancelledObservationHearsNothingMoreAndCancellingTwiceIsHarmless() {
        let stream = EventStream<Int>()
        var heard: [Int] = []
        let observation = stream.observe { heard.append($0) }
        stream.publish(1)
        observation.cancel()
        observation.cancel()
        stream.publish(2)
        #expect(heard == [1])
        #expect(observation.isCancelled)
        #expect(stream.observerCount == 0)
    }

    @Test func anObserverCancelledByAnEarlierOneDoesNotHearThatEvent() {
        let stream = EventStream<Int>()
        var heard: [String] = []
        var second: EventObservation<Int>?
        stream.observe { event in
            heard.append("first \(event)")
            second?.cancel()
        }
        second = stream.observe { heard.append("second \($0)") }
        stream.publish(1)
        #expect(heard == ["first 1"])
    }

    @Test func anObserverAddedWhileAnEventIsHandedOutHearsFromTheNextOne() {
        let stream = EventStream<Int>()
        var heard: [String] = []
        var added = false
        stream.observe { event in
            heard.append("first \(event)")
            guard !added else { return }
            added = true
            stream.observe { heard.append("late \($0)") }
        }
        stream.publish(1)
        stream.publish(2)
        #expect(heard == ["first 1", "first 2", "late 2"])
    }

    @Test func anObservationWhoseTokenIsDroppedGoesOnHearing() {
        let stream = EventStream<Int>()
        var heard: [Int] = []
        do { stream.observe { heard.append($0) } }
        stream.publish(7)
        #expect(heard == [7])
    }
}
