// swift-tools-version: 6.0
// A client of VoiceRecorder, as an app would be: it depends on the package by path and builds every Swift example
// of the README and docs/USAGE.md (scripts/readme-examples.py writes them into Sources/readme-client/Generated), then runs the ones
// marked to run. The test command builds it, so the documentation cannot drift from the API.
import PackageDescription

let package = Package(
    name: "ReadmeClient",
    dependencies: [.package(name: "VoiceRecorder", path: "../..")],
    targets: [
        .executableTarget(
            name: "readme-client",
            dependencies: [
                .product(name: "VoiceRecorder", package: "VoiceRecorder"),
                .product(name: "VoiceMemos", package: "VoiceRecorder"),
                .product(name: "VoiceMemosLibrary", package: "VoiceRecorder"),
                .product(name: "VoiceMemosAudio", package: "VoiceRecorder"),
                .product(name: "VoiceMemosSpeech", package: "VoiceRecorder"),
                .product(name: "VoiceRecorderFFmpeg", package: "VoiceRecorder"),
                .product(name: "VoiceRecorderPulseAudio", package: "VoiceRecorder"),
                .product(name: "VoiceRecorderGTK", package: "VoiceRecorder"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
