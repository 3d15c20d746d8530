import Foundation

#if canImport(CGettext)
    import CGettext
#endif

/// The package's words in the person's language: GNU gettext's catalogue `voicerecorder` (`po/` in the source
/// tree, compiled to `<prefix>/share/locale/<language>/LC_MESSAGES/voicerecorder.mo` when installed), chosen by
/// `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG` as every GNOME app's is. Where no catalogue is bound or none has a
/// line, the English is shown.
///
/// Every translatable line is written at its one place of use as `tr("…")` (or `tr(_:_:count:)` with a plural),
/// with a string literal, so `scripts/update-translations.py` finds them all; a line with values names them in
/// braces (`tr("{file} not imported").filling(["file": name])`), so a translation can put them in its own order.
/// On Apple platforms the lines come from the app's `VoiceRecorder.strings` table instead (`NSLocalizedString`).
public enum Localization {
    /// The gettext domain of every line of the package: the control's, the apps'.
    public static let domain = "voicerecorder"

    /// Reads the catalogues from `directory` (`…/share/locale`). Called once, at a program's start; a program (not
    /// a library, whose host has chosen) also takes the person's locale from the environment (`setlocale`).
    public static func bind(directory: String, settingLocale: Bool = true) {
        #if canImport(CGettext)
            if settingLocale { _ = setlocale(LC_ALL, "") }
            _ = bindtextdomain(domain, directory)
            _ = bind_textdomain_codeset(domain, "UTF-8")
        #endif
    }

    /// The catalogues for the program (or library) at `binary`: `$VOICERECORDER_LOCALEDIR` when set, else the
    /// `share/locale` of the prefix it is installed in (`<prefix>/bin`, `<prefix>/lib`, `<prefix>/lib/<multiarch>`),
    /// when there is one. A program run from its build directory (`.build/debug`) finds `.build/share/locale`, where
    /// `scripts/build-translations.sh` compiles them.
    public static func directory(
        for binary: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        if let configured = environment["VOICERECORDER_LOCALEDIR"], !configured.isEmpty { return configured }
        var prefix = binary.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0 ..< 3 {
            prefix = prefix.deletingLastPathComponent()
            let candidate = prefix.appendingPathComponent("share/locale")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue
            {
                return candidate.path
            }
        }
        return nil
    }

    /// Binds the catalogues for the running program (`directory(for:)` of its executable), if it finds any.
    public static func bindForThisProgram() {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL
        guard let directory = directory(for: executable) else {
            #if canImport(CGettext)
                _ = setlocale(LC_ALL, "")
            #endif
            return
        }
        bind(directory: directory)
    }

    /// The locale dates and numbers are written in: the language the words are in. `LANGUAGE` chooses the words
    /// before `LC_ALL`/`LC_MESSAGES`/`LANG` (GNU gettext's order), so its first language chooses the dates too;
    /// without it, the person's locale.
    public static func locale(environment: [String: String] = ProcessInfo.processInfo.environment) -> Locale {
        guard let first = environment["LANGUAGE"]?.split(separator: ":").first, !first.isEmpty,
            environment["LC_ALL"].map({ $0 != "C" && $0 != "POSIX" }) ?? true
        else { return .autoupdatingCurrent }
        return Locale(identifier: String(first))
    }

    /// `english` in the person's language.
    public static func text(_ english: String) -> String {
        #if canImport(CGettext)
            // With no translation gettext hands back the pointer it was given: the C copy of `english`, which lives
            // only inside this closure, so it is compared, never read after.
            english.withCString { id in
                guard let translated = dgettext(domain, id), translated != UnsafeMutablePointer(mutating: id) else {
                    return english
                }
                return String(cString: translated)
            }
        #else
            return NSLocalizedString(english, tableName: "VoiceRecorder", bundle: .main, comment: "")
        #endif
    }

    /// `singular` or `plural` (English's two forms) in the person's language, in the form `count` takes there
    /// (Arabic has six).
    public static func text(_ singular: String, _ plural: String, count: Int) -> String {
        #if canImport(CGettext)
            let form = UInt(clamping: max(count, 0))
            let english = count == 1 ? singular : plural
            return singular.withCString { one in
                plural.withCString { many in
                    guard let translated = dngettext(domain, one, many, form),
                        translated != UnsafeMutablePointer(mutating: one),
                        translated != UnsafeMutablePointer(mutating: many)
                    else { return english }
                    return String(cString: translated)
                }
            }
        #else
            return count == 1 ? text(singular) : text(plural)
        #endif
    }
}

/// `english`, a line the person reads or hears, in their language (`Localization`). A literal only: the script that
/// keeps `po/voicerecorder.pot` finds each one where it is written.
public func tr(_ english: StaticString) -> String {
    Localization.text(english.description)
}

/// The form of `singular`/`plural` that `count` takes in the person's language; the line names the count `{count}`
/// (filled in here) so a translation can place it.
public func tr(_ singular: StaticString, _ plural: StaticString, count: Int) -> String {
    Localization.text(singular.description, plural.description, count: count).filling(["count": String(count)])
}

extension String {
    /// The line with each `{name}` replaced by its value. A plain substitution, not a format: a translator's stray
    /// `%` or brace can never crash it.
    public func filling(_ values: [String: String]) -> String {
        var text = self
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
}
