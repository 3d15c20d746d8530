import Foundation

/// The take a program is recording, as it is on disk: the recorders write a take as it goes, in fragments that each
/// play on their own, so the file says how much has been recorded so far. That is the line a test waits for when it
/// needs a take of some length (past the 0.6 s minimum, long enough to trim): a fixed wait would give a shorter take
/// whenever the program started recording late.
public enum TakeOnDisk {
    /// Waits until the take being written in `directory` holds at least `seconds` of audio, and returns whether it
    /// came to that within `timeout` seconds. The take is the most recently written `.m4a` there not named in
    /// `finished` (takes sent before); `decodedSeconds` reads a file's length as the test's decoder does, nil when
    /// it cannot yet (it reads a take being written up to its last whole fragment).
    @discardableResult
    public static func waitUntilRecorded(
        _ seconds: Double, in directory: URL, finished: Set<String> = [], timeout: Double = 10,
        decodedSeconds: (URL) -> Double?
    ) -> Bool {
        wait(timeout: timeout, interval: 0.05) {
            guard let take = latest(in: directory, except: finished) else { return false }
            return (decodedSeconds(take) ?? 0) >= seconds
        }
    }

    /// The most recently modified `.m4a` in `directory` whose name is not in `except`.
    public static func latest(in directory: URL, except: Set<String> = []) -> URL? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return
            names
            .filter { $0.hasSuffix(".m4a") && !except.contains($0) }
            .map { directory.appendingPathComponent($0) }
            .max { modified($0) < modified($1) }
    }

    private static func modified(_ url: URL) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
    }
}
