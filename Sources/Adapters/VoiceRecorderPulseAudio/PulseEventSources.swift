import CPulseAudio
import Glibc

/// The event sources libpulse asks a main loop for (`pa_mainloop_api`): descriptors to watch, timers, and deferred
/// calls made once per iteration. `ThreadedMainLoop` polls and dispatches them; this type keeps them and is the
/// vtable libpulse calls.
///
/// Ours rather than `pa_mainloop`'s because that one writes its wake-up pipe on every change of what a descriptor
/// is watched for (libpulse changes it twice per message it reads) and reads it back before every poll: six system
/// calls per message, for a wake-up only another thread ever needs. Here a change made on the loop thread costs
/// nothing, and the loop is woken only by the calls of other threads (`ThreadedMainLoop.withLock`).
///
/// Every method, and every vtable function, runs with the loop's lock held (libpulse only calls the vtable from
/// inside our calls or callbacks). A freed source is only marked: the loop may be iterating over it; `sweep()`
/// removes it, calling its destroy callback, at the start of the next iteration.
final class PulseEventSources {
    /// The vtable contexts are created on; its `userdata` is this object.
    let api: UnsafeMutablePointer<pa_mainloop_api>
    private var descriptors: [DescriptorSource] = []
    private var timers: [TimerSource] = []
    private var deferred: [DeferredSource] = []
    /// Whether a source was freed since the last `sweep()`.
    fileprivate var hasDead = false
    /// Whether libpulse asked the loop to quit (`pa_mainloop_api.quit`).
    private(set) var quitRequested = false

    init() {
        api = .allocate(capacity: 1)
        api.initialize(to: Self.vtable)
        api.pointee.userdata = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        // The loop has stopped: every source left is destroyed, as `pa_mainloop_free` does.
        // (Marked here, not by `free()`: a source's unowned `owner` cannot be read while its owner deinitialises.)
        for source in descriptors as [Source] + timers + deferred { source.isDead = true }
        hasDead = true
        sweep()
        api.deallocate()
    }

    /// Asks the loop to leave after the current iteration.
    func requestQuit() { quitRequested = true }

    // MARK: Iterating

    /// Removes the freed sources, calling their destroy callbacks.
    func sweep() {
        guard hasDead else { return }
        hasDead = false
        let api = self.api
        let deadDescriptors = descriptors.filter(\.isDead)
        descriptors.removeAll(where: \.isDead)
        let deadTimers = timers.filter(\.isDead)
        timers.removeAll(where: \.isDead)
        let deadDeferred = deferred.filter(\.isDead)
        deferred.removeAll(where: \.isDead)
        // Destroy callbacks may free or create other sources: they run once the lists are consistent.
        for source in deadDescriptors { source.destroy?(api, source.pointer, source.userdata) }
        for source in deadTimers { source.destroy?(api, source.pointer, source.userdata) }
        for source in deadDeferred { source.destroy?(api, source.pointer, source.userdata) }
    }

    /// What to poll: `first` (the loop's own doorbell), then the descriptors watched for something, in
    /// `sources` order. Built afresh each iteration, in one array: libpulse changes what it watches for with every
    /// message it reads.
    func pollList(after first: pollfd) -> (descriptors: [pollfd], sources: [DescriptorSource]) {
        let watched = descriptors.filter { !$0.isDead && $0.events.rawValue != 0 }
        var list = [first]
        list.reserveCapacity(watched.count + 1)
        for source in watched { list.append(pollfd(fd: source.descriptor, events: source.pollEvents, revents: 0)) }
        return (list, watched)
    }

    /// How long the poll may wait, in milliseconds (-1: for ever): until the next timer, or not at all while a
    /// deferred call is enabled.
    func pollTimeout() -> Int32 {
        if deferred.contains(where: { !$0.isDead && $0.isEnabled }) { return 0 }
        guard let next = timers.lazy.filter({ !$0.isDead }).compactMap(\.deadline).min() else { return -1 }
        let now = pa_rtclock_now()
        return next <= now ? 0 : Int32(min((next - now + 999) / 1000, UInt64(Int32.max)))
    }

    /// Runs what is due: the deferred calls, the timers whose time has come, and the callbacks of the descriptors
    /// `polled` reports ready (`sources` as `pollList(after:)` gave them, after its first).
    func dispatch(polled: ArraySlice<pollfd>, sources: [DescriptorSource]) {
        let api = self.api
        for source in deferred where !source.isDead && source.isEnabled && !quitRequested {
            source.callback(api, source.pointer, source.userdata)
        }
        let now = pa_rtclock_now()
        for source in timers where !quitRequested {
            guard !source.isDead, let deadline = source.deadline, deadline <= now else { continue }
            var time = source.time
            source.deadline = nil  // a timer fires once; its callback may restart it
            source.callback(api, source.pointer, &time, source.userdata)
        }
        for (polled, source) in zip(polled, sources) where polled.revents != 0 && !quitRequested {
            guard !source.isDead else { continue }
            source.callback(api, source.pointer, source.descriptor, Self.flags(polled.revents), source.userdata)
        }
    }

    // MARK: The sources

    /// What every source has: libpulse's `userdata` for its callbacks, whether it was freed, and the pointer
    /// libpulse knows it by (the object itself, kept alive by `owner`'s lists until `sweep()`).
    class Source {
        let userdata: UnsafeMutableRawPointer?
        var isDead = false
        unowned let owner: PulseEventSources
        var pointer: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }
        init(_ userdata: UnsafeMutableRawPointer?, owner: PulseEventSources) {
            self.userdata = userdata
            self.owner = owner
        }
        /// The source behind a pointer libpulse hands back.
        static func from(_ pointer: OpaquePointer?) -> Self {
            Unmanaged<Self>.fromOpaque(UnsafeRawPointer(pointer!)).takeUnretainedValue()
        }
        /// Marks the source freed; `sweep()` removes it.
        func free() {
            isDead = true
            owner.hasDead = true
        }
    }

    final class DescriptorSource: Source {
        let descriptor: Int32
        var events: pa_io_event_flags_t
        let callback: pa_io_event_cb_t
        var destroy: pa_io_event_destroy_cb_t?
        var pollEvents: Int16 {
            var events: Int32 = 0
            if self.events.rawValue & PA_IO_EVENT_INPUT.rawValue != 0 { events |= POLLIN }
            if self.events.rawValue & PA_IO_EVENT_OUTPUT.rawValue != 0 { events |= POLLOUT }
            return Int16(events)
        }
        init(
            _ descriptor: Int32, _ events: pa_io_event_flags_t, _ callback: pa_io_event_cb_t,
            _ userdata: UnsafeMutableRawPointer?, owner: PulseEventSources
        ) {
            self.descriptor = descriptor
            self.events = events
            self.callback = callback
            super.init(userdata, owner: owner)
        }
    }

    final class TimerSource: Source {
        /// When it fires, in microseconds of `pa_rtclock_now()`; nil: disabled.
        var deadline: UInt64?
        /// The time it was set for, as libpulse gave it (handed back to its callback).
        var time = timeval()
        let callback: pa_time_event_cb_t
        var destroy: pa_time_event_destroy_cb_t?
        init(_ callback: pa_time_event_cb_t, _ userdata: UnsafeMutableRawPointer?, owner: PulseEventSources) {
            self.callback = callback
            super.init(userdata, owner: owner)
        }
        /// Sets the timer for `time` (nil: disables it). libpulse marks times on the monotonic clock with
        /// `PA_TIMEVAL_RTCLOCK` in the microseconds; any other time is on the wall clock.
        func set(_ time: UnsafePointer<timeval>?) {
            guard let time else {
                deadline = nil
                return
            }
            self.time = time.pointee
            let flag = vr_pa_timeval_rtclock()
            if time.pointee.tv_usec & flag != 0 {
                var monotonic = time.pointee
                monotonic.tv_usec &= ~flag
                deadline = pa_timeval_load(&monotonic)
            } else {
                var wallNow = timeval()
                pa_gettimeofday(&wallNow)
                var wall = time.pointee
                let later = pa_timeval_cmp(&wall, &wallNow) > 0
                let distance = later ? pa_timeval_diff(&wall, &wallNow) : 0
                deadline = pa_rtclock_now() + distance
            }
        }
    }

    final class DeferredSource: Source {
        var isEnabled = true
        let callback: pa_defer_event_cb_t
        var destroy: pa_defer_event_destroy_cb_t?
        init(_ callback: pa_defer_event_cb_t, _ userdata: UnsafeMutableRawPointer?, owner: PulseEventSources) {
            self.callback = callback
            super.init(userdata, owner: owner)
        }
    }

    private static func flags(_ revents: Int16) -> pa_io_event_flags_t {
        let revents = Int32(revents)
        var flags: UInt32 = 0
        if revents & POLLIN != 0 { flags |= PA_IO_EVENT_INPUT.rawValue }
        if revents & POLLOUT != 0 { flags |= PA_IO_EVENT_OUTPUT.rawValue }
        if revents & POLLHUP != 0 { flags |= PA_IO_EVENT_HANGUP.rawValue }
        if revents & (POLLERR | POLLNVAL) != 0 { flags |= PA_IO_EVENT_ERROR.rawValue }
        return pa_io_event_flags_t(flags)
    }

    private static func owner(_ api: UnsafeMutablePointer<pa_mainloop_api>?) -> PulseEventSources {
        Unmanaged<PulseEventSources>.fromOpaque(api!.pointee.userdata!).takeUnretainedValue()
    }

    // MARK: The vtable

    private static var vtable: pa_mainloop_api {
        pa_mainloop_api(
            userdata: nil,
            io_new: { api, descriptor, events, callback, userdata in
                let owner = PulseEventSources.owner(api)
                let source = DescriptorSource(descriptor, events, callback!, userdata, owner: owner)
                owner.descriptors.append(source)
                return source.pointer
            },
            io_enable: { pointer, events in DescriptorSource.from(pointer).events = events },
            io_free: { pointer in DescriptorSource.from(pointer).free() },
            io_set_destroy: { pointer, destroy in DescriptorSource.from(pointer).destroy = destroy },
            time_new: { api, time, callback, userdata in
                let owner = PulseEventSources.owner(api)
                let source = TimerSource(callback!, userdata, owner: owner)
                source.set(time)
                owner.timers.append(source)
                return source.pointer
            },
            time_restart: { pointer, time in TimerSource.from(pointer).set(time) },
            time_free: { pointer in TimerSource.from(pointer).free() },
            time_set_destroy: { pointer, destroy in TimerSource.from(pointer).destroy = destroy },
            defer_new: { api, callback, userdata in
                let owner = PulseEventSources.owner(api)
                let source = DeferredSource(callback!, userdata, owner: owner)
                owner.deferred.append(source)
                return source.pointer
            },
            defer_enable: { pointer, enabled in DeferredSource.from(pointer).isEnabled = enabled != 0 },
            defer_free: { pointer in DeferredSource.from(pointer).free() },
            defer_set_destroy: { pointer, destroy in DeferredSource.from(pointer).destroy = destroy },
            quit: { api, _ in PulseEventSources.owner(api).requestQuit() })
    }
}
