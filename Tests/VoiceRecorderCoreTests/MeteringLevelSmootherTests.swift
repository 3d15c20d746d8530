import Testing

@testable import VoiceRecorderCore

@Suite("LevelSmoother (SPEC A.9)")
struct MeteringLevelSmootherTests {
    @Test(
        "One update closes 60 % of a rising gap and 25 % of a falling one",
        arguments: [
            // (readings, level after the last)
            ([1.0], 0.6),
            ([1.0, 1.0], 0.84),
            ([0.5], 0.3),
            ([1.0, 0.0], 0.45),
            ([1.0, 0.0, 0.0], 0.3375),
            ([1.0, 0.6], 0.6),
            ([1.0, 0.8], 0.72),
            ([2.0], 0.6),
            ([-1.0], 0.0),
            ([Double.nan], 0.0),
        ])
    func steps(readings: [Double], expected: Double) {
        var smoother = LevelSmoother()
        for reading in readings { smoother.update(toward: reading) }
        #expect(abs(smoother.level - expected) < 1e-9)
    }

    @Test("At rest the level is zero, and a fading level reaches exactly zero")
    func rest() {
        var smoother = LevelSmoother()
        #expect(smoother.level == 0)
        smoother.update(toward: 1)
        var updates = 0
        while smoother.level > 0, updates < 1_000 {
            smoother.update(toward: 0)
            updates += 1
        }
        #expect(smoother.level == 0)
        // About 25 updates (under a second at 30 per second) from 0.6 down to silence.
        #expect((20 ... 30).contains(updates))
        smoother.update(toward: 1)
        smoother.reset()
        #expect(smoother == LevelSmoother())
    }

    @Test("About 30 updates a second")
    func rate() {
        #expect(LevelSmoother.updatesPerSecond == 30)
        #expect(abs(LevelSmoother.updateInterval - 1.0 / 30) < 1e-12)
    }
}
