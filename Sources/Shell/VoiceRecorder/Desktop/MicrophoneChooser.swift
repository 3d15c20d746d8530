/// The apps' Microphone choice (SPEC F.1), without any toolkit: the sources a person can choose from, the one
/// remembered, the fallback to the default while it is gone, and the session's source kept in step. A menu draws
/// `choices` and calls `choose`; it shows `onToast`'s text; it redraws on `onChange`.
///
/// - The remembered source is used for every take while the server lists it. Choice: while it is gone, takes record
///   from the default, and when it comes back they record from it again (the choice is kept, not replaced).
/// - The toast "<name> is not connected. Using <default>." comes once, when the first listing after the start
///   lacks the remembered source.
public final class MicrophoneChooser {
    /// The session whose takes record from the choice.
    public let session: Session
    private let setting: MicrophoneSetting
    private let makeSource: (String?) -> any AudioSource
    /// The source the person chose (nil: the default), and its description.
    public private(set) var remembered: (name: String, description: String)?
    /// The device the session's source records from now (nil: the default).
    private var device: String?
    private var checkedAtStart = false

    /// Says the fallback's toast (one said before this was set is said when it is).
    public var onToast: ((String) -> Void)? {
        didSet {
            guard let onToast, let pendingToast else { return }
            self.pendingToast = nil
            onToast(pendingToast)
        }
    }
    private var pendingToast: String?
    /// The list or the choice changed: redraw.
    public var onChange: (() -> Void)?

    /// Follows `sources` for `session`, starting from what `setting` remembers. `makeSource` makes the source that
    /// records from a device (nil: the default).
    public init(
        session: Session, sources: MicrophoneSources, setting: MicrophoneSetting,
        makeSource: @escaping (String?) -> any AudioSource
    ) {
        self.session = session
        self.setting = setting
        self.makeSource = makeSource
        remembered = setting.load()
        // Until the server has listed its sources (milliseconds after the start), the remembered one is assumed
        // there; the first listing corrects it.
        device = remembered?.name
        if let device { session.chooseMicrophone(device, source: makeSource(device)) }
        session.follow(sources, recordingFrom: remembered?.name)
        session.events.observe { [weak self] event in
            if case .microphones(let list) = event { self?.listed(list) }
        }
    }

    /// What the Microphone menu lists: monitors left out, the default first; `selected` is what takes record from.
    public var choices: [(microphone: Microphone, selected: Bool)] {
        let recorded = session.takeMicrophone?.name
        return session.microphones.choosable.map { ($0, $0.name == recorded) }
    }

    /// The person chose `name` (from `choices`): remembered, and used from the next take on.
    public func choose(_ name: String) {
        guard let source = session.microphones.first(where: { $0.name == name }) else { return }
        remembered = (source.name, source.description)
        // A file that cannot be written costs the memory of the choice, not the choice.
        try? setting.save(source)
        apply(session.microphones)
    }

    /// The fallback's words for a remembered source that is gone (SPEC F.1).
    public static func fallbackText(missing: String, using fallback: String) -> String {
        tr("{missing} is not connected. Using {fallback}.").filling(["missing": missing, "fallback": fallback])
    }

    private func listed(_ list: [Microphone]) {
        if !checkedAtStart, !list.isEmpty {
            checkedAtStart = true
            if let remembered, !list.contains(where: { $0.name == remembered.name }),
                let fallback = list.first(where: \.isDefault)
            {
                let text = Self.fallbackText(missing: remembered.description, using: fallback.description)
                if let onToast { onToast(text) } else { pendingToast = text }
            }
        }
        apply(list)
    }

    /// Points the session at the remembered source when it is listed, at the default otherwise.
    private func apply(_ list: [Microphone]) {
        let wanted = remembered.flatMap { remembered in
            list.contains { $0.name == remembered.name } ? remembered.name : nil
        }
        if wanted != device || session.chosenMicrophoneName != remembered?.name {
            device = wanted
            session.chooseMicrophone(remembered?.name, source: makeSource(wanted))
        }
        onChange?()
    }
}
