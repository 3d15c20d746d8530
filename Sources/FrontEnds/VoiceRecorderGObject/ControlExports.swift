import CGtk
import CVoiceRecorderGObject
import Foundation
import VoiceRecorder

// The functions the GObject's C calls (declared in voicerecorder-bridge.h), each forwarding to the control's
// `ControlBridge`. The pointer C holds is the bridge, retained from `vr_swift_control_new` until
// `vr_swift_control_release`. All are called on the GTK thread.

/// Makes the Swift control of `control` around `content` (nil: the mic alone).
@_cdecl("vr_swift_control_new")
public func vrSwiftControlNew(
    _ control: OpaquePointer?, _ content: UnsafeMutablePointer<GtkWidget>?,
    _ settings: UnsafePointer<VoiceRecorderSettings>?
) -> UnsafeMutableRawPointer? {
    guard let control, let settings else { return nil }
    _ = catalogues
    let bridge = ControlBridge(control: control, content: content, settings: ControlSettings(settings))
    return Unmanaged.passRetained(bridge).toOpaque()
}

/// The widget the control draws in: the GObject's only child.
@_cdecl("vr_swift_control_widget")
public func vrSwiftControlWidget(_ swift: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<GtkWidget>? {
    swift.map { bridge($0).recorder.widget }
}

/// Applies the GObject's properties.
@_cdecl("vr_swift_control_configure")
public func vrSwiftControlConfigure(
    _ swift: UnsafeMutableRawPointer?, _ settings: UnsafePointer<VoiceRecorderSettings>?
) {
    guard let swift, let settings else { return }
    bridge(swift).configure(ControlSettings(settings))
}

/// Sends a hands-free, stopped or paused take.
@_cdecl("vr_swift_control_send")
public func vrSwiftControlSend(_ swift: UnsafeMutableRawPointer?) {
    swift.map { bridge($0).recorder.session.send() }
}

/// Deletes the take under way.
@_cdecl("vr_swift_control_cancel")
public func vrSwiftControlCancel(_ swift: UnsafeMutableRawPointer?) {
    swift.map { bridge($0).recorder.session.cancel() }
}

/// Lets the Swift control go: the GObject is being disposed.
@_cdecl("vr_swift_control_release")
public func vrSwiftControlRelease(_ swift: UnsafeMutableRawPointer?) {
    guard let swift else { return }
    bridge(swift).release()
    Unmanaged<ControlBridge>.fromOpaque(swift).release()
}

private func bridge(_ pointer: UnsafeMutableRawPointer) -> ControlBridge {
    Unmanaged<ControlBridge>.fromOpaque(pointer).takeUnretainedValue()
}

/// The control's lines in the host app's language (it has chosen its locale; GTK's start does): the catalogues of
/// the prefix the library is installed in (`<prefix>/lib/…` → `<prefix>/share/locale`), bound at the first control.
private let catalogues: Void = {
    guard let path = vr_bridge_library_path(),
        let directory = Localization.directory(for: URL(fileURLWithPath: String(cString: path)))
    else { return }
    Localization.bind(directory: directory, settingLocale: false)
}()
