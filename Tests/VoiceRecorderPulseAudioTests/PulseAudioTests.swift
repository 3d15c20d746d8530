import Testing

/// Every test against a real sound server. Each starts its own server, but they run one at a time so audio timing
/// is not squeezed by other servers on a two-core machine.
@Suite(.serialized)
enum PulseAudioTests {}
