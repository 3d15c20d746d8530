import Foundation
import Glibc
import Testing
import VoiceRecorderTestSupport

/// The one way tests run programs: what a child gets, what it leaves, and that no child can hang or kill the run.
@Suite("Child processes")
struct ChildProcessTests {
    @Test func theExitStatusAndBothOutputsAreKept() throws {
        let outcome = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(outcome.status == 3)
        #expect(!outcome.signalled)
        #expect(outcome.stdout == "out\n")
        #expect(outcome.stderr == "err\n")
    }

    @Test func aChildEndedByASignalSaysWhich() throws {
        let child = try ChildProcess("/bin/sleep", ["30"])
        child.send(SIGKILL)
        let outcome = try child.wait(timeout: 5)
        #expect(outcome.signalled)
        #expect(outcome.status == SIGKILL)
    }

    @Test func aChildThatHangsIsKilledAndTheWaitFails() throws {
        let child = try ChildProcess("/bin/sleep", ["30"])
        let started = Date()
        #expect(throws: ChildProcess.Failure.self) { try child.wait(timeout: 0.3) }
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(!child.isRunning)
        #expect(child.termination == ChildProcess.Termination(status: SIGKILL, signalled: true))
    }

    @Test func theEnvironmentIsAddedToOrReplaced() throws {
        let changed = ChildProcess.Environment.inherited.adding(["VR_TEST": "one"]).removing("HOME")
        let shell = try ChildProcess.run("/bin/sh", ["-c", "echo \"$VR_TEST ${HOME-unset}\""], environment: changed)
        #expect(shell.stdout == "one unset\n")
        let exact = try ChildProcess.run("/usr/bin/env", environment: ChildProcess.Environment(["ONLY": "this"]))
        #expect(exact.stdout == "ONLY=this\n")
    }

    @Test func theWorkingDirectoryIsTheOneGiven() throws {
        let directory = try ScratchDirectory()
        let outcome = try ChildProcess.run("/bin/pwd", workingDirectory: directory.path)
        let printed = URL(fileURLWithPath: outcome.stdout.trimmingCharacters(in: .newlines))
        #expect(printed.resolvingSymlinksInPath().path == directory.url.resolvingSymlinksInPath().path)
    }

    @Test func inputIsGivenAsTextOrTypedIntoAPipe() throws {
        #expect(try ChildProcess.run("/bin/cat", input: "a\nb\n").stdout == "a\nb\n")

        let child = try ChildProcess("/bin/cat", input: .pipe, output: .capture)
        child.type("x")
        #expect(wait(timeout: 5) { child.capturedOutput == "x" }, "read as it is typed")
        child.type("y")
        #expect(try child.wait(timeout: 5).stdout == "xy", "the wait ends the input")
    }

    @Test func typingToAChildThatStoppedReadingIsHarmless() throws {
        let child = try ChildProcess("/bin/true", input: .pipe)
        #expect(wait(timeout: 5) { !child.isRunning })
        // The pipe's reader is gone: the write fails with EPIPE, and the SIGPIPE it raises must not end the runner.
        child.type(String(repeating: "x", count: 100_000))
        #expect(try child.wait(timeout: 5).status == 0)
    }

    @Test func aChildInheritsOnlyItsStandardDescriptors() throws {
        // A descriptor of the runner's that is not close-on-exec, as Foundation's pipes are.
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor > 2)
        defer { close(descriptor) }
        let outcome = try ChildProcess.run(
            "/bin/sh", ["-c", "[ -e /proc/self/fd/\(descriptor) ] && echo open || echo closed; ls /proc/self/fd/0"])
        #expect(outcome.stdout == "closed\n/proc/self/fd/0\n")
    }

    @Test func aChildStartsWithNoSignalBlocked() throws {
        // The runner's threads may block SIGTERM; a child must not inherit that.
        var terminate = sigset_t()
        var previous = sigset_t()
        sigemptyset(&terminate)
        sigaddset(&terminate, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &terminate, &previous)
        let child = Result { try ChildProcess("/bin/sleep", ["30"]) }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        let sleeper = try child.get()
        sleeper.send(SIGTERM)
        let outcome = try sleeper.wait(timeout: 5)
        #expect(outcome.signalled && outcome.status == SIGTERM)
    }

    @Test func endingAChildThatIgnoresTerminationKillsIt() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "trap '' TERM; echo trapped; exec sleep 30"], output: .capture)
        #expect(wait(timeout: 5) { child.capturedOutput.contains("trapped") }, "the trap is set")
        let started = Date()
        child.end(grace: 0.3)
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(child.termination == ChildProcess.Termination(status: SIGKILL, signalled: true))
    }

    @Test func outputsMayShareALogFile() throws {
        let directory = try ScratchDirectory()
        let log = directory.path("child.log")
        let child = try ChildProcess(
            "/bin/sh", ["-c", "echo one; echo two >&2"], output: .file(log), errors: .file(log))
        let outcome = try child.wait(timeout: 5)
        #expect(outcome.stdout.isEmpty && outcome.stderr.isEmpty, "nothing captured")
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged.split(separator: "\n").sorted() == ["one", "two"])
    }

    @Test func streamedOutputArrivesAsItIsWritten() throws {
        let chunks = Locked<[String]>([])
        let child = try ChildProcess(
            "/bin/sh", ["-c", "printf one; sleep 0.3; printf two"],
            output: .stream { data in
                chunks.withLock { $0.append(String(decoding: data, as: UTF8.self)) }
            })
        #expect(wait(timeout: 5) { chunks.value == ["one"] }, "the first chunk before the child ends")
        #expect(child.isRunning)
        try child.wait(timeout: 5)
        #expect(chunks.value.joined() == "onetwo")
    }

    @Test func aProgramThatCannotStartSaysWhy() throws {
        let failure = #expect(throws: ChildProcess.Failure.self) { try ChildProcess("/no/such/tool") }
        #expect(failure?.description.contains("No such file or directory") == true)
    }

    @Test func aToolThatFailsThrowsWithItsErrors() throws {
        let failure = #expect(throws: ChildProcess.Failure.self) {
            try ChildProcess.output(of: "/bin/sh", ["-c", "echo refused >&2; exit 4"])
        }
        #expect(failure?.description.contains("exited with status 4") == true)
        #expect(failure?.description.contains("refused") == true)
    }

    @Test func thePackagesExecutablesAreFoundBesideTheRunner() {
        #expect(FileManager.default.isExecutableFile(atPath: Voicerec.path))
        #expect(FileManager.default.isExecutableFile(atPath: BuiltExecutables.path(of: "voicerecorder-demo")))
    }
}
