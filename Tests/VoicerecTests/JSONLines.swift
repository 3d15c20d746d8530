import Foundation

/// Decodes one JSON object line.
func jsonObject(_ text: String) -> [String: Any]? {
    guard let line = text.split(separator: "\n").last else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
}
