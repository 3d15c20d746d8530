// One `import VoiceRecorder` serves an app: the core's vocabulary (Phase, Durations, Style, Messages, Point,
// AccessStatus, Interruption, …) is part of this module's API, so it comes with it. Adapters and front ends stay
// imports of their own.
@_exported import VoiceRecorderCore
