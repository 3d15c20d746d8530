import ArgumentParsing

/// The arguments of a command that records: where from (`--simulated`, `--device`).
protocol CaptureArguments {
    /// Record the simulated voice instead of a microphone.
    var simulated: Bool { get set }
    /// The capture source, or nil for the sound server's default.
    var device: String? { get set }
}

extension Option where Values: CaptureArguments {
    /// `--simulated`, worded the same on every command that records.
    static var simulated: Option {
        .flag(
            "--simulated", \.simulated,
            help: "record the simulated voice instead of a microphone (no audio hardware needed)")
    }

    /// `--device NAME`, worded the same on every command that records.
    static var device: Option {
        .value(
            "--device", \.device, .text("NAME"),
            help: "the capture source to record from (default: the sound server's default source); "
                + "'voicerec devices' lists them")
    }
}
