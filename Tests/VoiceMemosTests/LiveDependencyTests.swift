import Foundation
import Testing
import VoiceMemos
import VoiceRecorder
import VoiceRecorderTestSupport

/// A fresh directory under the temporary directory, removed by the caller.
private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("voicememos-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite("Voice memos: the live settings file and settings opener")
struct LiveDependencyTests {
    @Test func theSpeedIsRememberedInTheSettingsFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("voicerecorder/settings.json")
        #expect(FileMemoSettings(url: url).playbackSpeed() == .normal, "nothing saved yet")
        try FileMemoSettings(url: url).savePlaybackSpeed(.oneAndAHalf)
        #expect(FileMemoSettings(url: url).playbackSpeed() == .oneAndAHalf, "read back by a new start")
        let attributes = try FileManager.default.attributesOfItem(atPath: url.deletingLastPathComponent().path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test func otherSettingsInTheFileAreKept() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("settings.json")
        try Data(#"{"windowWidth": 640}"#.utf8).write(to: url)
        try FileMemoSettings(url: url).savePlaybackSpeed(.double)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        #expect(object?["windowWidth"] as? Int == 640)
        #expect(object?["playbackSpeed"] as? Double == 2)
    }

    /// The app keeps its playback settings, recording format and microphone in one file, each from its own object:
    /// they share the file's one lock, so saves from several threads at once never lose each other's keys.
    @Test func settingsSavedAtOnceFromSeveralThreadsAreAllKept() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("voicerecorder/settings.json")
        for round in 0 ..< 20 {
            try? FileManager.default.removeItem(at: url)
            await withTaskGroup(of: Void.self) { group in
                group.addTask { try? FileMemoSettings(url: url).savePlaybackSpeed(.double) }
                group.addTask { try? FileMemoSettings(url: url).saveSkipsSilence(true) }
                group.addTask { try? RecordingFormatSetting(url: url).save(.opus) }
            }
            #expect(FileMemoSettings(url: url).playbackSpeed() == .double, "round \(round)")
            #expect(FileMemoSettings(url: url).skipsSilence(), "round \(round)")
            #expect(RecordingFormatSetting(url: url).load() == .opus, "round \(round)")
        }
    }

    @Test(arguments: ["not json", #"{"playbackSpeed": 3}"#, #"{"playbackSpeed": "fast"}"#, "[1]"])
    func anUnreadableSettingMeansNormalSpeed(_ contents: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("settings.json")
        try Data(contents.utf8).write(to: url)
        #expect(FileMemoSettings(url: url).playbackSpeed() == .normal)
        try FileMemoSettings(url: url).savePlaybackSpeed(.double)
        #expect(FileMemoSettings(url: url).playbackSpeed() == .double)
    }

    @Test func theSettingsFileFollowsXDGConfigHome() {
        #expect(
            FileMemoSettings.defaultURL(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/a"]).path
                == "/cfg/voicerecorder/settings.json")
        #expect(
            FileMemoSettings.defaultURL(environment: ["HOME": "/home/a"]).path
                == "/home/a/.config/voicerecorder/settings.json")
        #expect(
            FileMemoSettings.defaultURL(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"]).path
                == "/home/a/.config/voicerecorder/settings.json", "a relative XDG path is ignored, as the spec says")
    }

    @Test func openSettingsStartsTheFirstSettingsProgramFound() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = directory.appendingPathComponent("ran")
        let program = directory.appendingPathComponent("pavucontrol")
        // The line is written aside and renamed into place, so the test never reads a half-written file
        // (the shell creates the redirect's target before `echo` writes to it).
        try Data(
            "#!/bin/sh\necho \"pavucontrol $*\" > '\(record.path).part'\nmv '\(record.path).part' '\(record.path)'\n"
                .utf8
        ).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)

        // GNOME's settings are not on this path, so the volume control is started (and not waited for).
        #expect(SoundSettings(searchPath: directory.path).open() == .opened("pavucontrol"))
        wait(timeout: 5) { (try? String(contentsOf: record, encoding: .utf8)) != nil }
        #expect(try String(contentsOf: record, encoding: .utf8) == "pavucontrol \n")
    }

    @Test func noSettingsProgramIsAClearError() {
        let settings = SoundSettings(searchPath: "/nonexistent")
        #expect(
            settings.open()
                == .unavailable(tried: ["gnome-control-center sound", "pavucontrol"], reason: "not installed"))
        #expect(
            throws: SoundSettings.Unavailable(
                tried: ["gnome-control-center sound", "pavucontrol"], reason: "not installed")
        ) {
            try settings.openOrThrow()
        }
        #expect(
            "\(SoundSettings.Unavailable(tried: ["a", "b"], reason: "not installed"))"
                == "cannot open the sound settings (not installed; tried: a, b)")
    }
}
