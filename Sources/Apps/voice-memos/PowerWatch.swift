import CGtk
import Foundation
import VoiceMemos
import VoiceRecorderGTK

/// Whether the machine saves power (SPEC E.1): GLib's power-profile monitor (power-saver mode) and UPower's
/// `OnBattery` on the system bus, told to the model as they change. Without UPower (no system bus), the machine
/// counts as on mains. UPower is reached asynchronously: the window never waits for the system bus at start-up.
final class PowerWatch {
    private let model: MemosModel
    private let monitor: OpaquePointer?
    private var upower: UnsafeMutablePointer<GDBusProxy>?
    private var told: Bool?

    init(model: MemosModel) {
        self.model = model
        monitor = g_power_profile_monitor_dup_default()
        upower = nil
        if let monitor {
            Signals.connectNotify(UnsafeMutableRawPointer(monitor), property: "power-saver-enabled") { [weak self] in
                self?.tell()
            }
        }
        tell()
        // UPower's proxy answers from its cache once made; a machine without a system bus makes none.
        g_dbus_proxy_new_for_bus(
            G_BUS_TYPE_SYSTEM, G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START, nil, "org.freedesktop.UPower",
            "/org/freedesktop/UPower", "org.freedesktop.UPower", nil,
            { _, result, context in
                guard let context else { return }
                let watch = Unmanaged<PowerWatch>.fromOpaque(context).takeRetainedValue()
                guard let proxy = g_dbus_proxy_new_for_bus_finish(result, nil) else { return }
                watch.upower = proxy
                Signals.connect(UnsafeMutableRawPointer(proxy), "g-properties-changed") { [weak watch] in
                    watch?.tell()
                }
                watch.tell()
            }, Unmanaged.passRetained(self).toOpaque())
    }

    deinit {
        if let monitor { g_object_unref(UnsafeMutableRawPointer(monitor)) }
        if let upower { g_object_unref(UnsafeMutableRawPointer(upower)) }
    }

    private var isSaving: Bool {
        let powerSaver = monitor.map { g_power_profile_monitor_get_power_saver_enabled($0) != 0 } ?? false
        var onBattery = false
        if let upower, let value = g_dbus_proxy_get_cached_property(upower, "OnBattery") {
            onBattery = g_variant_get_boolean(value) != 0
            g_variant_unref(value)
        }
        return powerSaver || onBattery
    }

    private func tell() {
        let saving = isSaving
        guard saving != told else { return }
        told = saving
        model.send(.powerChanged(saving: saving))
    }
}
