import ArgumentParsing
import Testing

/// The values a test command fills.
struct Values: Sendable, Equatable {
    enum Access: String, CaseIterable, Sendable { case granted, denied, undetermined }
    var loud = false
    var quiet = false
    var maximum = 300.0
    var width = 390.0
    var device: String?
    var access = Access.granted
    var denied = false
    var count = 3
    var path = ""
    var directory: String?
}

let sample = Command(
    "tool run", abstract: "runs a sample", defaults: Values(),
    options: [
        .flag("--loud", \.loud, help: "speak up"),
        .flag("--quiet", \.quiet, help: "speak down"),
        .value("--max", \.maximum, .seconds, help: "the longest take"),
        .value("--width", \.width, .number("PT", atLeast: 1), help: "the width"),
        .value("--device", \.device, .text("NAME"), help: "the device"),
        .value("--access", \.access, .choice(), help: "the access"),
        .value(
            "--answer", \.denied, .choice([(word: "granted", value: false), (word: "denied", value: true)]),
            help: "the answer"),
        .value("--count", \.count, .integer(atLeast: 1), help: "how many"),
    ],
    arguments: [
        .required("PATH", \.path, .path(), help: "the file"),
        .optional("DIR", \.directory, .path("DIR"), help: "where to look"),
    ])

/// Parses `arguments` with the sample command, expecting values.
func values(_ arguments: [String]) throws -> Values {
    guard case .run(let values) = try sample.parse(arguments) else {
        Issue.record("asked for help")
        return Values()
    }
    return values
}

/// The usage error the sample command gives for `arguments`.
func usageError(_ arguments: [String]) -> String? {
    do {
        _ = try sample.parse(arguments)
        return nil
    } catch {
        return error.message
    }
}

@Suite("Parsing a command line")
struct ParsingTests {
    @Test func defaultsStayWhenNothingIsGiven() throws {
        var expected = Values()
        expected.path = "a.m4a"
        #expect(try values(["a.m4a"]) == expected)
    }

    @Test func flagsValuesAndPositionalsLandInTheirPlaces() throws {
        let parsed = try values([
            "--loud", "--max", "2.5", "a.m4a", "--device", "mic 1", "--access", "denied",
            "--answer", "denied", "--count", "7", "dir", "--width", "280",
        ])
        #expect(parsed.loud && !parsed.quiet)
        #expect(parsed.maximum == 2.5)
        #expect(parsed.width == 280)
        #expect(parsed.device == "mic 1")
        #expect(parsed.access == .denied)
        #expect(parsed.denied)
        #expect(parsed.count == 7)
        #expect(parsed.path == "a.m4a" && parsed.directory == "dir")
    }

    @Test func nameEqualsValueIsTheSameAsTwoWords() throws {
        #expect(try values(["--max=2", "a"]).maximum == 2)
        #expect(try values(["--device=", "a"]).device == "", "an empty value is still a value")
        #expect(try values(["--device=a=b", "a"]).device == "a=b", "only the first = splits")
        #expect(usageError(["--loud=yes", "a"]) == "--loud takes no value")
    }

    @Test(arguments: [
        (["--bogus", "a"], "unknown option --bogus"),
        (["-x", "a"], "unknown option -x"),
        (["--bogus=1", "a"], "unknown option --bogus"),
    ])
    func anUnknownOptionIsNamed(_ input: (arguments: [String], message: String)) {
        #expect(usageError(input.arguments) == input.message)
    }

    @Test(arguments: [
        (["a", "--max"], "--max needs a value (S)"),
        (["--max", "--loud", "a"], "--max needs a value (S)"),
        (["--access"], "--access needs a value (granted|denied|undetermined)"),
    ])
    func aMissingValueIsNamedWithItsPlaceholder(_ input: (arguments: [String], message: String)) {
        #expect(usageError(input.arguments) == input.message)
    }

    @Test(arguments: [
        (["--max", "x", "a"], "--max takes a number of seconds above 0, got 'x'"),
        (["--max", "-3", "a"], "--max takes a number of seconds above 0, got '-3'"),
        (["--max", "0", "a"], "--max takes a number of seconds above 0, got '0'"),
        (["--max", "inf", "a"], "--max takes a number of seconds above 0, got 'inf'"),
        (["--max", "nan", "a"], "--max takes a number of seconds above 0, got 'nan'"),
        (["--width", "wide", "a"], "--width takes a number, got 'wide'"),
        (["--width", "0.5", "a"], "--width must be at least 1, got '0.5'"),
        (["--count", "2.5", "a"], "--count takes a whole number, got '2.5'"),
        (["--count", "0", "a"], "--count must be at least 1, got '0'"),
        (["--access", "maybe", "a"], "--access is granted, denied or undetermined, got 'maybe'"),
        (["--answer", "yes", "a"], "--answer is granted or denied, got 'yes'"),
        (["", "dir"], "PATH takes a path, got ''"),
    ])
    func aBadValueSaysWhatItTakes(_ input: (arguments: [String], message: String)) {
        #expect(usageError(input.arguments) == input.message)
    }

    @Test func aNegativeNumberIsAValueNotAnOption() throws {
        #expect(usageError(["--width", "-5", "a"]) == "--width must be at least 1, got '-5'")
        #expect(try values(["-5"]).path == "-5", "a negative number is a positional argument")
    }

    @Test(arguments: [["--max", "1", "--max", "2", "a"], ["--max=1", "a", "--max", "2"]])
    func aRepeatedOptionIsAnError(_ arguments: [String]) {
        #expect(usageError(arguments) == "--max is given more than once")
    }

    @Test func aRepeatedFlagIsAnErrorToo() {
        #expect(usageError(["--loud", "a", "--loud"]) == "--loud is given more than once")
    }

    @Test func positionalArgumentsAreCounted() throws {
        #expect(usageError([]) == "missing PATH (the file)")
        #expect(usageError(["--loud"]) == "missing PATH (the file)")
        #expect(try values(["a"]).directory == nil, "the optional argument may be left out")
        #expect(usageError(["a", "b", "c"]) == "unexpected argument 'c'")
    }

    @Test func aDashIsAnArgumentAndTwoDashesEndTheOptions() throws {
        #expect(try values(["-"]).path == "-", "'-' is standard input, an argument")
        let parsed = try values(["--loud", "--", "--quiet", "-h"])
        #expect(parsed.loud && !parsed.quiet)
        #expect(parsed.path == "--quiet" && parsed.directory == "-h")
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["a", "--help"], ["--bogus", "-h"], ["--max", "x", "--help"], ["a", "b", "c", "-h"],
    ])
    func helpWinsOverEveryProblem(_ arguments: [String]) throws {
        guard case .help = try sample.parse(arguments) else {
            Issue.record("\(arguments) did not ask for help")
            return
        }
    }

    @Test func checksBetweenOptionsRunAfterReading() {
        let checked = Command(
            "tool check", abstract: "", defaults: Values(),
            options: [.flag("--loud", \.loud, help: ""), .flag("--quiet", \.quiet, help: "")],
            check: { values throws(UsageError) in
                if values.loud && values.quiet { throw UsageError("--loud and --quiet don't go together") }
            })
        #expect(throws: UsageError("--loud and --quiet don't go together")) {
            try checked.parse(["--quiet", "--loud"])
        }
        #expect(throws: Never.self) { try checked.parse(["--quiet"]) }
    }
}

@Suite("What a tool prints before it runs")
struct EvaluationTests {
    @Test func helpGoesToStandardOutputWithStatusZero() {
        guard case .stop(let stop) = sample.evaluate(["--help"]) else {
            Issue.record("ran")
            return
        }
        #expect(stop.status == ExitStatus.success)
        #expect(stop.standardOutput == sample.help)
        #expect(stop.standardError.isEmpty)
    }

    @Test func aUsageErrorGoesToStandardErrorWithStatusTwoAndAPointerToHelp() {
        guard case .stop(let stop) = sample.evaluate(["--max", "x", "a"]) else {
            Issue.record("ran")
            return
        }
        #expect(stop.status == ExitStatus.usage)
        #expect(stop.standardOutput.isEmpty)
        #expect(
            stop.standardError
                == "tool run: --max takes a number of seconds above 0, got 'x'\n\nRun 'tool run --help' for usage.\n")
    }

    @Test func goodArgumentsRun() {
        guard case .run(let values) = sample.evaluate(["a"]) else {
            Issue.record("stopped")
            return
        }
        #expect(values.path == "a")
    }
}
