// swift-tools-version: 6.0
// VoiceRecorder: a hold-to-record voice message control, the session behind it, and a Voice Memos app.
//
// The targets follow the architecture, from the inside out:
//   core      VoiceRecorderCore      pure, Foundation only: machines, gestures, maths, presentation, layout
//   shell     VoiceRecorder          the Session and the ports it drives (capture, writer, access, scheduler)
//   adapters  VoiceRecorderFFmpeg    AAC/M4A writing, decoding and recovery through FFmpeg's libraries
//             VoiceRecorderPulseAudio capture and playback through the PulseAudio protocol
//   C modules CFFmpeg, CPulseAudio   system libraries from Debian, each wrapped once by its adapter
//   tools     VoiceRecorderSimulator scripted sessions on virtual time (the engine of `voicerec simulate`)
//             voicerec               the command-line tool
import PackageDescription

let package = Package(
    name: "VoiceRecorder",
    products: [
        .library(name: "VoiceRecorderCore", targets: ["VoiceRecorderCore"]),
        .library(name: "VoiceRecorder", targets: ["VoiceRecorder"]),
        .library(name: "VoiceRecorderSimulator", targets: ["VoiceRecorderSimulator"]),
        .library(name: "VoiceRecorderFFmpeg", targets: ["VoiceRecorderFFmpeg"]),
        .library(name: "VoiceRecorderPulseAudio", targets: ["VoiceRecorderPulseAudio"]),
        .library(name: "VoiceRecorderRendering", targets: ["VoiceRecorderRendering"]),
        .library(name: "VoiceRecorderGTK", targets: ["VoiceRecorderGTK"]),
        .library(name: "VoiceRecorderSQLite", targets: ["VoiceRecorderSQLite"]),
        .library(name: "VoiceMemosLibrary", targets: ["VoiceMemosLibrary"]),
        .executable(name: "voicerecorder-demo", targets: ["voicerecorder-demo"]),
        .executable(name: "voicerec", targets: ["voicerec"]),
    ],
    targets: [
        // Core
        .target(name: "VoiceRecorderCore", path: "Sources/Core/VoiceRecorderCore"),

        // Shell
        .target(name: "VoiceRecorder", dependencies: ["VoiceRecorderCore"], path: "Sources/Shell/VoiceRecorder"),

        // Features
        .target(name: "VoiceMemos", dependencies: ["VoiceRecorder"], path: "Sources/Features/VoiceMemos"),

        // C modules
        .systemLibrary(
            name: "CFFmpeg", path: "Sources/CModules/CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswresample-dev", "libavutil-dev"])]),
        .systemLibrary(
            name: "CPulseAudio", path: "Sources/CModules/CPulseAudio",
            pkgConfig: "libpulse",
            providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(
            name: "CPangoCairo", path: "Sources/CModules/CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .systemLibrary(
            name: "CGtk", path: "Sources/CModules/CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(
            name: "CSQLite", path: "Sources/CModules/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),

        // Adapters
        .target(
            name: "VoiceRecorderFFmpeg", dependencies: ["CFFmpeg", "VoiceRecorder", "VoiceRecorderCore"],
            path: "Sources/Adapters/VoiceRecorderFFmpeg"),
        .target(
            name: "VoiceRecorderPulseAudio", dependencies: ["CPulseAudio", "VoiceRecorder", "VoiceRecorderCore"],
            path: "Sources/Adapters/VoiceRecorderPulseAudio"),
        .target(name: "VoiceRecorderSQLite", dependencies: ["CSQLite"], path: "Sources/Adapters/VoiceRecorderSQLite"),
        .target(
            name: "VoiceMemosLibrary",
            dependencies: ["VoiceMemos", "VoiceRecorderSQLite", "VoiceRecorderFFmpeg", "VoiceRecorder"],
            path: "Sources/Adapters/VoiceMemosLibrary"),

        // Front ends
        .target(
            name: "VoiceRecorderRendering", dependencies: ["CPangoCairo", "VoiceRecorderCore"],
            path: "Sources/FrontEnds/VoiceRecorderRendering"),
        .target(
            name: "VoiceRecorderGTK",
            dependencies: ["CGtk", "VoiceRecorderRendering", "VoiceRecorder", "VoiceRecorderCore"],
            path: "Sources/FrontEnds/VoiceRecorderGTK"),

        // Apps
        .executableTarget(
            name: "voicerecorder-demo",
            dependencies: [
                "VoiceRecorderGTK", "CGtk", "VoiceRecorder", "VoiceRecorderCore", "VoiceRecorderFFmpeg",
                "VoiceRecorderPulseAudio",
            ],
            path: "Sources/Apps/voicerecorder-demo"),

        // Tools
        .target(
            name: "VoiceRecorderSimulator", dependencies: ["VoiceRecorder", "VoiceRecorderCore"],
            path: "Sources/Tools/VoiceRecorderSimulator"),
        .executableTarget(
            name: "voicerec",
            dependencies: [
                "VoiceRecorderSimulator", "VoiceRecorder", "VoiceRecorderCore", "VoiceRecorderFFmpeg",
                "VoiceRecorderPulseAudio",
            ],
            path: "Sources/Tools/voicerec"),
        .executableTarget(
            name: "render-benchmark", dependencies: ["VoiceRecorderRendering", "VoiceRecorderCore"],
            path: "Sources/Tools/render-benchmark"),
        .executableTarget(
            name: "memos-crash-probe",
            dependencies: [
                "VoiceMemosLibrary", "VoiceMemos", "VoiceRecorderSQLite", "VoiceRecorderFFmpeg", "VoiceRecorder",
            ],
            path: "Sources/Tools/memos-crash-probe"),
        .executableTarget(
            name: "memos-benchmark",
            dependencies: [
                "VoiceMemosLibrary", "VoiceMemos", "VoiceRecorderSQLite", "VoiceRecorderFFmpeg", "VoiceRecorder",
            ],
            path: "Sources/Tools/memos-benchmark"),
        .executableTarget(
            name: "snapshot-gallery", dependencies: ["VoiceRecorderRendering"],
            path: "Sources/Tools/snapshot-gallery"),

        // Tests
        .testTarget(name: "VoiceRecorderCoreTests", dependencies: ["VoiceRecorderCore"]),
        .testTarget(name: "VoiceRecorderTests", dependencies: ["VoiceRecorder", "VoiceRecorderCore"]),
        .testTarget(name: "VoiceRecorderSimulatorTests", dependencies: ["VoiceRecorderSimulator", "VoiceRecorderCore"]),
        .testTarget(name: "VoiceRecorderFFmpegTests", dependencies: ["VoiceRecorderFFmpeg"]),
        .testTarget(
            name: "VoiceRecorderPulseAudioTests",
            dependencies: ["VoiceRecorderPulseAudio", "VoiceRecorderFFmpeg", "VoiceRecorder", "VoiceRecorderCore"]),
        .testTarget(
            name: "VoiceRecorderRenderingTests", dependencies: ["VoiceRecorderRendering", "VoiceRecorderCore"],
            exclude: ["Snapshots"]),
        .testTarget(name: "VoicerecTests", dependencies: ["VoiceRecorderFFmpeg"]),
        .testTarget(name: "VoiceRecorderSQLiteTests", dependencies: ["VoiceRecorderSQLite"]),
        .testTarget(
            name: "VoiceMemosLibraryTests",
            dependencies: [
                "VoiceMemosLibrary", "VoiceMemos", "VoiceRecorderSQLite", "VoiceRecorderFFmpeg", "VoiceRecorder",
                "memos-crash-probe",
            ]),
        .testTarget(name: "VoiceRecorderGTKTests", dependencies: ["VoiceRecorderFFmpeg", "voicerecorder-demo"]),
    ],
    swiftLanguageModes: [.v6]
)
