// swift-tools-version: 6.0
// VoiceRecorder: a hold-to-record voice message control, the session behind it, and the Voice Memos app built on
// them. The behaviour contract is docs/SPEC.md; docs/DESIGN.md has the table of targets, checked against this file by
// the test command.
//
// The targets follow the architecture, from the inside out:
//   core       VoiceRecorderCore        pure, Foundation only: machines, gestures, maths, presentation, layout
//   shell      VoiceRecorder            the Session, its event stream and the ports it drives; re-exports the core
//   features   VoiceMemos               the Voice Memos feature: the memos model, its ports and rules
//              VoiceMemosTesting        its test doubles, for tests only
//   support    VoiceRecorderPOSIX       the POSIX calls, wrapped once (files, locks, paths, terminal, signals)
//              ArgumentParsing          the tools' command lines, declared; help made from the declarations
//              VoiceRecorderJSON        JSON lines: the one SessionEvent → JSON mapping and the line writer
//              VoiceRecorderDBus        D-Bus through GIO: names, exported objects, GVariant values
//   C modules  CFFmpeg, CPulseAudio,    system libraries from Debian, each wrapped once by one adapter;
//              CPangoCairo, CGtk,       CFFmpegLog routes FFmpeg's log into the FFmpeg adapter
//              CAdwaita, CSQLite
//   adapters   VoiceRecorderMP4         MP4 boxes without FFmpeg: scanning, the in-place finish, recovery's cut
//              VoiceRecorderFFmpeg      AAC/M4A writing, decoding and recovery through FFmpeg's libraries
//              VoiceRecorderOpus        Ogg Opus writing, reading and recovery: Ogg pages of ours, libopus (COpus)
//              VoiceRecorderAudioFiles  reading and recovering any take: Ogg Opus without FFmpeg, the rest through it
//              VoiceRecorderPulseAudio  capture, access check and playback through the PulseAudio protocol
//              VoiceRecorderSQLite      SQLite wrapped once; VoiceMemosLibrary: the memos on SQLite and files
//              VoiceMemosAudio          the memos' player: FFmpeg decoding and tempo, PulseAudio playback
//              VoiceMemosSpeech         transcripts: the speech engine as a child process, behind the Transcriber port
//   front ends VoiceRecorderRendering   the control drawn with Cairo and Pango (headless too)
//              VoiceRecorderGTK         the GTK 4 widget
//              VoiceRecorderGObject     the widget as a GObject library for C, Python, JavaScript and Vala (SPEC H),
//                                       its GTypes in C (CVoiceRecorderGObject)
//   apps       voice-memos              the Voice Memos app (GTK 4 and libadwaita)
//              voicerecorder-demo       a chat window around the widget
//              voice-memos-search-provider  the memos in the desktop's search (GIO's D-Bus, no GTK)
//   tools      VoiceRecorderSimulator   scripted sessions on virtual time (the engine of `voicerec simulate`)
//              voicerec                 the command-line tool
//              render-benchmark, memos-benchmark, session-start-benchmark, memos-crash-probe, session-stall-probe,
//              snapshot-gallery
import PackageDescription

let package = Package(
    name: "VoiceRecorder",
    products: [
        .library(name: "VoiceRecorderCore", targets: ["VoiceRecorderCore"]),
        .library(name: "VoiceRecorder", targets: ["VoiceRecorder"]),
        .library(name: "VoiceMemos", targets: ["VoiceMemos"]),
        .library(name: "VoiceMemosTesting", targets: ["VoiceMemosTesting"]),
        .library(name: "VoiceRecorderSimulator", targets: ["VoiceRecorderSimulator"]),
        .library(name: "VoiceRecorderFFmpeg", targets: ["VoiceRecorderFFmpeg"]),
        .library(name: "VoiceRecorderOpus", targets: ["VoiceRecorderOpus"]),
        .library(name: "VoiceRecorderAudioFiles", targets: ["VoiceRecorderAudioFiles"]),
        .library(name: "VoiceRecorderPulseAudio", targets: ["VoiceRecorderPulseAudio"]),
        .library(name: "VoiceMemosAudio", targets: ["VoiceMemosAudio"]),
        .library(name: "VoiceMemosSpeech", targets: ["VoiceMemosSpeech"]),
        .library(name: "VoiceRecorderRendering", targets: ["VoiceRecorderRendering"]),
        .library(name: "VoiceRecorderGTK", targets: ["VoiceRecorderGTK"]),
        .library(name: "VoiceRecorderSQLite", targets: ["VoiceRecorderSQLite"]),
        .library(name: "VoiceMemosLibrary", targets: ["VoiceMemosLibrary"]),
        // The control for C, Python, JavaScript and Vala apps (SPEC H): `scripts/install-library.sh` links it with the
        // Swift runtime inside and installs it with its header, pkg-config file, introspection data and Vala API.
        .library(name: "voicerecorder-gtk-1", type: .dynamic, targets: ["VoiceRecorderGObject"]),
        .executable(name: "voicerecorder-demo", targets: ["voicerecorder-demo"]),
        .executable(name: "voicerec", targets: ["voicerec"]),
        .executable(name: "voice-memos", targets: ["voice-memos"]),
        .executable(name: "voice-memos-search-provider", targets: ["voice-memos-search-provider"]),
    ],
    targets: [
        // Core
        // The core is plain Foundation; on Linux its lines come translated from GNU gettext (glibc's, CGettext).
        .target(
            name: "VoiceRecorderCore",
            dependencies: [.target(name: "CGettext", condition: .when(platforms: [.linux]))],
            path: "Sources/Core/VoiceRecorderCore"),

        // Shell
        .target(name: "VoiceRecorder", dependencies: ["VoiceRecorderCore"], path: "Sources/Shell/VoiceRecorder"),

        // Features
        .target(name: "VoiceMemos", dependencies: ["VoiceRecorder"], path: "Sources/Features/VoiceMemos"),
        // The memos model's test doubles (every dependency on one virtual clock and one call log), for the tests of
        // the model and of what is built on it; apps do not ship them.
        .target(
            name: "VoiceMemosTesting", dependencies: ["VoiceMemos", "VoiceRecorder"],
            path: "Sources/Features/VoiceMemosTesting"),

        // Support
        .target(name: "VoiceRecorderPOSIX", path: "Sources/Support/VoiceRecorderPOSIX"),

        // C modules
        // FFmpeg's libavutil, libswresample, libavcodec and libavformat, opened when first needed instead of linked:
        // no program of the package loads them (and the dozens of libraries libavcodec needs) before `main`, and
        // `voicerec record` asks for the microphone before it opens them. libavfilter (playback speed only) is
        // opened apart, later still: a recording never loads it. Headers from Debian's libav*-dev packages.
        .target(name: "CFFmpeg", path: "Sources/CModules/CFFmpeg"),
        // FFmpeg's log callback takes a va_list, which only C can format.
        .target(name: "CFFmpegLog", dependencies: ["CFFmpeg"], path: "Sources/CModules/CFFmpegLog"),
        .systemLibrary(
            name: "CPulseAudio", path: "Sources/CModules/CPulseAudio",
            pkgConfig: "libpulse",
            providers: [.apt(["libpulse-dev"])]),
        // libopus, linked: small (no libraries of its own but libm), so a recording in Opus maps it and no FFmpeg.
        // WebRTC's audio processing (Enhance, SPEC I.3) has a C++ interface only: a few C functions over it, in C++.
        .target(
            name: "CWebRTCAudioProcessing", path: "Sources/CModules/CWebRTCAudioProcessing",
            cxxSettings: [
                .define("WEBRTC_POSIX"), .define("WEBRTC_AUDIO_PROCESSING_ONLY_BUILD"),
                // Where Debian's libwebrtc-audio-processing-dev puts its headers (its pkg-config file says so too).
                .unsafeFlags(["-I/usr/include/webrtc_audio_processing"]),
            ],
            linkerSettings: [.linkedLibrary("webrtc_audio_processing")]),
        .systemLibrary(
            name: "COpus", path: "Sources/CModules/COpus",
            pkgConfig: "opus",
            providers: [.apt(["libopus-dev"])]),
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
        // GNU gettext's catalogues, part of glibc: the translated lines (the core's Localization).
        .systemLibrary(name: "CGettext", path: "Sources/CModules/CGettext"),
        // GIO without GTK: D-Bus for the search provider, which shows no window.
        .systemLibrary(
            name: "CGio", path: "Sources/CModules/CGio",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(
            name: "CAdwaita", path: "Sources/CModules/CAdwaita",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]),

        // Adapters
        .target(
            name: "VoiceRecorderMP4", dependencies: ["VoiceRecorderPOSIX"],
            path: "Sources/Adapters/VoiceRecorderMP4"),
        .target(
            name: "VoiceRecorderFFmpeg",
            dependencies: [
                "CFFmpeg", "CFFmpegLog", "VoiceRecorder", "VoiceRecorderCore", "VoiceRecorderMP4", "VoiceRecorderPOSIX",
            ],
            path: "Sources/Adapters/VoiceRecorderFFmpeg"),
        // Ogg Opus takes (SPEC G): the Ogg pages are this package's own, the codec is libopus.
        .target(
            name: "VoiceRecorderOpus",
            dependencies: ["COpus", "VoiceRecorder", "VoiceRecorderCore", "VoiceRecorderPOSIX"],
            path: "Sources/Adapters/VoiceRecorderOpus"),
        // Reading any take or audio file: Ogg Opus without FFmpeg, everything else through it.
        .target(
            name: "VoiceRecorderAudioFiles",
            dependencies: ["VoiceRecorder", "VoiceRecorderCore", "VoiceRecorderFFmpeg", "VoiceRecorderOpus"],
            path: "Sources/Adapters/VoiceRecorderAudioFiles"),
        .target(
            name: "VoiceRecorderPulseAudio",
            dependencies: ["CPulseAudio", "VoiceRecorder", "VoiceRecorderCore", "VoiceRecorderPOSIX"],
            path: "Sources/Adapters/VoiceRecorderPulseAudio"),
        // Enhance (SPEC I.3): noise suppression and level evening by WebRTC's audio processing.
        .target(
            name: "VoiceRecorderAudioProcessing", dependencies: ["CWebRTCAudioProcessing", "VoiceRecorder"],
            path: "Sources/Adapters/VoiceRecorderAudioProcessing"),
        .target(name: "VoiceRecorderSQLite", dependencies: ["CSQLite"], path: "Sources/Adapters/VoiceRecorderSQLite"),
        .target(
            name: "VoiceMemosLibrary",
            dependencies: [
                "VoiceRecorderAudioFiles", "VoiceMemos", "VoiceRecorderSQLite", "VoiceRecorderFFmpeg", "VoiceRecorder",
                "VoiceRecorderOpus", "VoiceRecorderPOSIX",
            ],
            path: "Sources/Adapters/VoiceMemosLibrary"),
        // The memos' player: FFmpeg decoding and tempo, PulseAudio playback, behind the memos model's port.
        .target(
            name: "VoiceMemosAudio",
            dependencies: [
                "VoiceRecorderAudioFiles", "VoiceRecorderAudioProcessing", "VoiceMemos", "VoiceRecorder",
                "VoiceRecorderFFmpeg", "VoiceRecorderPulseAudio",
            ],
            path: "Sources/Adapters/VoiceMemosAudio"),
        // Transcripts: the speech engine (speech-engine/, a Python program) as a child process speaking JSON lines.
        .target(
            name: "VoiceMemosSpeech", dependencies: ["VoiceMemos", "VoiceRecorder", "VoiceRecorderPOSIX"],
            path: "Sources/Adapters/VoiceMemosSpeech"),

        // Front ends
        .target(
            name: "VoiceRecorderRendering", dependencies: ["CPangoCairo", "VoiceRecorderCore"],
            path: "Sources/FrontEnds/VoiceRecorderRendering"),
        .target(
            name: "VoiceRecorderGTK",
            dependencies: ["CGtk", "VoiceRecorderRendering", "VoiceRecorder", "VoiceRecorderCore"],
            path: "Sources/FrontEnds/VoiceRecorderGTK"),

        // The GObject types of SPEC H (C: Swift cannot declare a GType's structs), forwarding to the Swift control.
        .target(name: "CVoiceRecorderGObject", dependencies: ["CGtk"], path: "Sources/CModules/CVoiceRecorderGObject"),
        .target(
            name: "VoiceRecorderGObject",
            dependencies: [
                "CGtk", "CVoiceRecorderGObject", "VoiceRecorder", "VoiceRecorderAudioFiles", "VoiceRecorderFFmpeg",
                "VoiceRecorderGTK", "VoiceRecorderPulseAudio",
            ],
            path: "Sources/FrontEnds/VoiceRecorderGObject"),

        // Apps
        .executableTarget(
            name: "voicerecorder-demo",
            dependencies: [
                "VoiceRecorderAudioFiles",
                "ArgumentParsing", "VoiceRecorderGTK", "CGtk", "VoiceRecorder", "VoiceRecorderCore",
                "VoiceRecorderFFmpeg", "VoiceRecorderJSON", "VoiceRecorderPulseAudio",
            ],
            path: "Sources/Apps/voicerecorder-demo"),
        .executableTarget(
            name: "voice-memos",
            dependencies: [
                "VoiceRecorderAudioFiles",
                "ArgumentParsing", "CAdwaita", "CGtk", "VoiceMemos", "VoiceMemosAudio", "VoiceMemosLibrary",
                "VoiceMemosSpeech",
                "VoiceRecorder", "VoiceRecorderCore", "VoiceRecorderDBus", "VoiceRecorderFFmpeg", "VoiceRecorderGTK",
                "VoiceRecorderAudioProcessing", "VoiceRecorderJSON", "VoiceRecorderPOSIX", "VoiceRecorderPulseAudio",
            ],
            path: "Sources/Apps/voice-memos",
            // The interface's GtkBuilder descriptions, built into the program (as GNOME apps compile theirs into a
            // GResource): the same in the build directory and in /usr.
            resources: [
                .embedInCode("Interface/menus.ui"), .embedInCode("Interface/help-overlay.ui"),
                .embedInCode("Interface/transcript-window.ui"), .embedInCode("Interface/memos-window.ui"),
                .embedInCode("Interface/editor-page.ui"), .embedInCode("Interface/memo-row.ui"),
                .embedInCode("Interface/deleted-memo-row.ui"), .embedInCode("Interface/dialogs.ui"),
                .embedInCode("Interface/about-window.ui"),
            ]),

        // The desktop's search over the memos (SPEC J.1), a D-Bus service of its own.
        .executableTarget(
            name: "voice-memos-search-provider",
            dependencies: ["CGio", "VoiceMemos", "VoiceMemosLibrary", "VoiceRecorder", "VoiceRecorderDBus"],
            path: "Sources/Apps/voice-memos-search-provider"),

        // Support: the tools' command lines and JSON lines
        .target(name: "ArgumentParsing", path: "Sources/Support/ArgumentParsing"),
        // D-Bus through GIO, wrapped once: names, exported objects, GVariant values.
        .target(name: "VoiceRecorderDBus", dependencies: ["CGio"], path: "Sources/Support/VoiceRecorderDBus"),
        .target(
            name: "VoiceRecorderJSON", dependencies: ["VoiceRecorder", "VoiceRecorderCore"],
            path: "Sources/Support/VoiceRecorderJSON"),

        // Tools
        .target(
            name: "VoiceRecorderSimulator", dependencies: ["VoiceRecorder", "VoiceRecorderCore", "VoiceRecorderJSON"],
            path: "Sources/Tools/VoiceRecorderSimulator"),
        .executableTarget(
            name: "voicerec",
            dependencies: [
                "VoiceRecorderOpus", "VoiceRecorderAudioFiles", "VoiceRecorderAudioProcessing",
                "ArgumentParsing", "VoiceRecorderSimulator", "VoiceRecorder", "VoiceRecorderCore",
                "VoiceRecorderFFmpeg",
                "VoiceRecorderJSON", "VoiceRecorderPOSIX", "VoiceRecorderPulseAudio", "VoiceMemos", "VoiceMemosLibrary",
                "VoiceMemosSpeech",
            ],
            path: "Sources/Tools/voicerec"),
        .executableTarget(
            name: "render-benchmark", dependencies: ["ArgumentParsing", "VoiceRecorderCore", "VoiceRecorderRendering"],
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
            name: "session-start-benchmark",
            dependencies: [
                "ArgumentParsing", "VoiceRecorder", "VoiceRecorderCore", "VoiceRecorderFFmpeg",
                "VoiceRecorderPulseAudio",
            ],
            path: "Sources/Tools/session-start-benchmark"),
        .executableTarget(
            name: "session-stall-probe",
            dependencies: [
                "ArgumentParsing", "VoiceRecorder", "VoiceRecorderFFmpeg", "VoiceRecorderOpus", "VoiceRecorderPulseAudio",
            ],
            path: "Sources/Tools/session-stall-probe"),
        .executableTarget(
            name: "snapshot-gallery", dependencies: ["ArgumentParsing", "VoiceRecorderRendering"],
            path: "Sources/Tools/snapshot-gallery"),

        // Test support: one copy of what the tests share (child processes, the private sound server, an X server and
        // its window manager and session bus, the apps' end-to-end harness, waiting, scratch directories, a seeded
        // generator, and fakes of the shell's ports: cheap captures, counting writers, `ToneSource` for
        // `PCMPullSource`).
        .target(name: "CVoiceRecorderTestSupport", path: "Tests/Support/CVoiceRecorderTestSupport"),
        .target(
            name: "VoiceRecorderTestSupport",
            dependencies: [
                "CVoiceRecorderTestSupport", "VoiceRecorder", "VoiceRecorderCore", "VoiceRecorderPOSIX",
            ],
            path: "Tests/Support/VoiceRecorderTestSupport"),

        // Tests
        .testTarget(name: "VoiceRecorderTestSupportTests", dependencies: ["VoiceRecorderTestSupport"]),
        .testTarget(name: "VoiceRecorderCoreTests", dependencies: ["VoiceRecorderCore"]),
        .testTarget(
            name: "VoiceRecorderTests",
            dependencies: ["VoiceRecorder", "VoiceRecorderCore", "VoiceRecorderTestSupport"]),
        .testTarget(
            name: "VoiceMemosTests",
            dependencies: ["VoiceMemos", "VoiceMemosTesting", "VoiceRecorder", "VoiceRecorderTestSupport"]),
        .testTarget(
            name: "VoiceRecorderSimulatorTests",
            dependencies: ["VoiceRecorderSimulator", "VoiceRecorderCore", "VoiceRecorderTestSupport"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(
            name: "VoiceRecorderJSONTests",
            dependencies: ["VoiceRecorderJSON", "VoiceRecorder", "VoiceRecorderCore", "VoiceRecorderTestSupport"]),
        .testTarget(name: "VoiceRecorderPOSIXTests", dependencies: ["VoiceRecorderPOSIX", "VoiceRecorderTestSupport"]),
        .testTarget(
            name: "VoiceRecorderMP4Tests",
            dependencies: ["VoiceRecorderMP4", "VoiceRecorderPOSIX", "VoiceRecorderTestSupport"]),
        .testTarget(
            name: "VoiceRecorderFFmpegTests",
            dependencies: [
                "VoiceRecorderFFmpeg", "VoiceRecorder", "VoiceRecorderMP4", "VoiceRecorderPOSIX",
                "VoiceRecorderTestSupport",
            ]),
        .testTarget(
            name: "VoiceRecorderOpusTests",
            dependencies: [
                "VoiceRecorderOpus", "VoiceRecorder", "VoiceRecorderAudioFiles", "VoiceRecorderFFmpeg",
                "VoiceRecorderPOSIX",
                "VoiceRecorderTestSupport",
            ]),
        .testTarget(
            name: "VoiceRecorderPulseAudioTests",
            dependencies: [
                "VoiceRecorderPulseAudio", "VoiceRecorderFFmpeg", "VoiceRecorder", "VoiceRecorderCore",
                "VoiceRecorderTestSupport",
            ]),
        .testTarget(
            name: "VoiceRecorderRenderingTests",
            dependencies: ["VoiceRecorderRendering", "VoiceRecorderCore", "VoiceRecorderTestSupport"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "VoiceMemosAudioTests",
            dependencies: [
                "VoiceMemosAudio", "VoiceMemos", "VoiceRecorder", "VoiceRecorderFFmpeg", "VoiceRecorderOpus",
                "VoiceRecorderPulseAudio", "VoiceRecorderAudioFiles", "VoiceRecorderAudioProcessing",
                "VoiceRecorderTestSupport",
            ]),
        .testTarget(
            name: "VoiceMemosSpeechTests",
            dependencies: ["VoiceMemosSpeech", "VoiceMemos", "VoiceRecorder", "VoiceRecorderFFmpeg", "VoiceRecorderTestSupport"]),
        .testTarget(
            name: "VoicerecTests",
            dependencies: [
                "voicerec", "VoiceRecorder", "VoiceRecorderFFmpeg", "VoiceRecorderOpus", "VoiceMemos",
                "VoiceMemosLibrary",
                "VoiceRecorderSQLite", "VoiceRecorderTestSupport",
            ]),
        .testTarget(name: "VoiceRecorderSQLiteTests", dependencies: ["VoiceRecorderSQLite"]),
        .testTarget(
            name: "VoiceMemosLibraryTests",
            dependencies: [
                "VoiceMemosLibrary", "VoiceMemos", "VoiceRecorderSQLite", "VoiceRecorderFFmpeg", "VoiceRecorder",
                "VoiceRecorderAudioFiles", "VoiceRecorderTestSupport", "memos-crash-probe",
            ]),
        .testTarget(
            name: "VoiceRecorderGTKTests",
            dependencies: [
                "VoiceRecorderFFmpeg", "VoiceRecorderGTK", "VoiceRecorderTestSupport", "voicerecorder-demo",
            ]),
        .testTarget(
            name: "VoiceRecorderGObjectTests",
            dependencies: ["VoiceRecorderCore", "VoiceRecorderTestSupport"]),
        .testTarget(
            name: "VoiceMemosAppTests",
            dependencies: [
                "voice-memos", "VoiceMemos", "VoiceMemosTesting", "VoiceRecorderFFmpeg", "VoiceRecorderJSON",
                "VoiceRecorderTestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
