import ArgumentParsing
import Testing

@Suite("Help made from the declarations")
struct HelpTests {
    @Test func theUsageLineListsOptionsThenArguments() {
        let short = Command(
            "tool go", abstract: "", defaults: Values(),
            options: [.flag("--loud", \.loud, help: "speak up"), .value("--max", \.maximum, .seconds, help: "")],
            arguments: [.required("PATH", \.path, .path(), help: "the file")])
        #expect(short.synopsis == "tool go [--loud] [--max S] PATH")
        #expect(short.help.hasPrefix("Usage: tool go [--loud] [--max S] PATH\n\n"))
    }

    @Test func aUsageLineTooLongForOneLineSaysOptions() {
        // Every option listed would run past a help line's 110 columns.
        #expect(sample.synopsis == "tool run [options] PATH [DIR]")
    }

    @Test func theUsageLineFitsWithItsUsagePrefix() {
        // Listed, the options make a synopsis of 109 columns: with "Usage: " before it, 116.
        let command = Command(
            "tool " + String(repeating: "x", count: 80), abstract: "", defaults: Values(),
            options: [.flag("--loud", \.loud, help: "speak up"), .value("--max", \.maximum, .seconds, help: "")],
            arguments: [.required("PATH", \.path, .path(), help: "the file")])
        let usage = String(command.help.split(separator: "\n")[0])
        #expect(usage.count <= 110, "\(usage.count) columns")
        #expect(usage.hasSuffix(" [options] PATH"))
    }

    @Test func everyOptionAndArgumentHasARowWithItsText() {
        let help = sample.help
        for row in [
            "  --loud ", "  --max S ", "  --width PT ", "  --device NAME ", "  --count N ", "  PATH ", "  DIR ",
        ] {
            #expect(help.contains(row), "\(row)")
        }
        #expect(help.contains("  -h, --help"))
        #expect(help.contains("the longest take (default 300)"))
    }

    @Test func defaultsAreReadFromTheDefaultValues() {
        var defaults = Values()
        defaults.maximum = 42
        defaults.access = .undetermined
        defaults.denied = true
        let command = Command(
            "tool d", abstract: "", defaults: defaults,
            options: [
                .value("--max", \.maximum, .seconds, help: "the longest take"),
                .value("--width", \.width, .number("PT", atLeast: 1), help: "the width"),
                .value("--access", \.access, .choice(), help: "the access"),
                .value(
                    "--answer", \.denied, .choice([(word: "granted", value: false), (word: "denied", value: true)]),
                    help: "the answer"),
                .value("--device", \.device, .text("NAME"), help: "the device"),
                .flag("--loud", \.loud, help: "speak up"),
            ])
        let help = command.help
        #expect(help.contains("the longest take (default 42)\n"))
        #expect(help.contains("the width (default 390)\n"))
        #expect(help.contains("the access (default undetermined)\n"))
        #expect(help.contains("the answer (default denied)\n"))
        #expect(help.contains("the device\n"), "an option that is absent unless given shows no default")
        #expect(help.contains("speak up\n"), "a flag shows no default")
        #expect(!help.contains("Arguments:"), "no arguments, no section")
    }

    @Test func sectionsComeInOrderAndTheHelpEndsInOneNewline() throws {
        let command = Command(
            "tool s", abstract: "", discussion: "\nWhat it does.\n\n  a table  kept as written\n", defaults: Values(),
            options: [.flag("--loud", \.loud, help: "speak up")],
            arguments: [.required("PATH", \.path, .path(), help: "the file")],
            footer: "Exit status: 0, 1 or 2.\n")
        #expect(
            command.help == """
                Usage: tool s [--loud] PATH

                What it does.

                  a table  kept as written

                Arguments:
                  PATH        the file

                Options:
                  --loud      speak up
                  -h, --help  show this help

                Exit status: 0, 1 or 2.

                """)
    }

    @Test func longTextsWrapUnderTheirColumnAndLongLabelsStandAlone() {
        let long = String(repeating: "word ", count: 60)
        let command = Command(
            "tool w", abstract: "", defaults: Values(),
            options: [
                .flag("--loud", \.loud, help: long),
                .value(
                    "--access", \.access,
                    .choice([
                        (word: "a-very-long-first-choice", value: .granted),
                        (word: "another-long-one", value: .denied),
                    ]), help: "the access"),
            ])
        let lines = command.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { $0.count <= 110 }, "every line fits")
        let loud = lines.drop { !$0.hasPrefix("  --loud") }.prefix { !$0.hasPrefix("  --access") }
        #expect(loud.count > 2, "the long text takes several lines")
        // The continuation lines start where the first line's text does.
        let column = loud.first.map { $0.distance(from: $0.startIndex, to: $0.firstRange(of: "word")!.lowerBound) }
        #expect(
            loud.dropFirst().allSatisfy {
                $0.prefix(column ?? 0).allSatisfy { $0 == " " } && $0.dropFirst(column ?? 0).first != " "
            })
        #expect(
            lines.contains("  --access a-very-long-first-choice|another-long-one"), "the long label has its own line")
        #expect(
            lines.contains { $0.hasSuffix("the access (default a-very-long-first-choice)") && $0.hasPrefix("    ") })
        #expect(!lines.contains { $0.hasSuffix(" ") }, "no trailing spaces")
    }
}

@Suite("A tool of several commands")
struct CommandIndexTests {
    let index = CommandIndex(
        "tool", abstract: "does things.",
        commands: [
            sample.entry, CommandEntry(name: "other", abstract: "does the other thing"),
        ])

    @Test func theEntryIsTheCommandsLastWordAndAbstract() {
        #expect(sample.entry == CommandEntry(name: "run", abstract: "runs a sample"))
    }

    @Test func aCommandWordPicksTheCommandWithTheRest() {
        #expect(index.choose(["run", "a", "--loud"]) == .command("run", arguments: ["a", "--loud"]))
    }

    @Test(arguments: ["--help", "-h", "help"])
    func helpPrintsTheOverviewOnStandardOutput(_ word: String) {
        #expect(index.choose([word]) == .stop(Stop(status: 0, standardOutput: index.overview, standardError: "")))
    }

    @Test func nothingOrAnUnknownCommandIsAUsageError() {
        #expect(index.choose([String]()) == .stop(Stop(status: 2, standardOutput: "", standardError: index.overview)))
        #expect(
            index.choose(["frobnicate"])
                == .stop(
                    Stop(
                        status: 2, standardOutput: "",
                        standardError: "tool: unknown command 'frobnicate'\n\n\(index.overview)")))
    }

    @Test func theOverviewListsEveryCommand() {
        #expect(
            index.overview == """
                tool: does things.

                Usage: tool <command> [options]

                Commands:
                  run    runs a sample
                  other  does the other thing

                Run 'tool <command> --help' for a command's options.

                """)
    }
}
