import ArgumentParsing
import Testing

/// A command line like an app's (`[--simulated] [--access granted|denied] [--rtl] [--dark] [--text-scale X]`): a word
/// choice that stands for a Bool, and a value type of the app's own (a number above 0). The apps' real command lines
/// are tested end to end, by running them.
@Suite("Word choices and value types of one's own")
struct ChoiceAndCustomValueTests {
    struct Options: Sendable, Equatable {
        var simulated = false
        var accessDenied = false
        var rightToLeft = false
        var dark = false
        var textScale: Double?
    }

    static let aboveZero = ArgumentValue<Double>(
        placeholder: "X", expected: "a number above 0", describe: { String($0) }
    ) { text in Double(text).flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }

    static let command = Command(
        "voicerecorder-demo", abstract: "a chat window around the hold-to-record control", defaults: Options(),
        options: [
            .flag("--simulated", \.simulated, help: "record the simulated voice instead of the microphone"),
            .value(
                "--access", \.accessDenied, .choice([(word: "granted", value: false), (word: "denied", value: true)]),
                help: "use the source as it is, or one whose access is refused"),
            .flag("--rtl", \.rightToLeft, help: "lay the window out right to left"),
            .flag("--dark", \.dark, help: "use the dark appearance"),
            .value("--text-scale", \.textScale, aboveZero, help: "draw the control at text scale X"),
        ],
        footer: "Keys:\n  Ctrl+D    toggle the control's sensitivity")

    @Test func everyOptionLands() throws {
        guard
            case .run(let options) = try Self.command.parse(
                ["--simulated", "--access", "denied", "--rtl", "--dark", "--text-scale=1.4"])
        else {
            Issue.record("asked for help")
            return
        }
        #expect(options == Options(simulated: true, accessDenied: true, rightToLeft: true, dark: true, textScale: 1.4))
    }

    @Test func itsOwnValueTypeSaysWhatItTakes() {
        #expect(throws: UsageError("--text-scale takes a number above 0, got '0'")) {
            try Self.command.parse(["--text-scale", "0"])
        }
        #expect(throws: UsageError("--access is granted or denied, got 'maybe'")) {
            try Self.command.parse(["--access", "maybe"])
        }
    }

    @Test func itsHelpShowsTheDefaultWordAndTheKeys() {
        let help = Self.command.help
        #expect(
            help.hasPrefix(
                "Usage: voicerecorder-demo [--simulated] [--access granted|denied] [--rtl] [--dark] [--text-scale X]\n")
        )
        #expect(help.contains("refused (default granted)\n"))
        #expect(help.hasSuffix("Keys:\n  Ctrl+D    toggle the control's sensitivity\n"))
    }

    @Test func aUsageErrorNamesTheDemo() {
        guard case .stop(let stop) = Self.command.evaluate(["--bogus"]) else {
            Issue.record("ran")
            return
        }
        #expect(stop.status == 2)
        #expect(stop.standardError.hasPrefix("voicerecorder-demo: unknown option --bogus\n"))
    }
}
