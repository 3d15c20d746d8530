/// Why a take's file was not converted in place: its layout is not the one FFmpeg's fragmenting muxer writes for a
/// take, so the slower, general remux finishes it instead.
package struct InPlaceConversionRefusal: Error, Equatable, Sendable {
    /// What was unexpected, e.g. "two tracks".
    package let reason: String

    package init(reason: String) { self.reason = reason }
}
