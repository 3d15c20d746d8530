import Foundation
import Testing
import VoiceRecorderJSON
import VoiceRecorderTestSupport

@Suite("JSON values as stable text")
struct JSONValueTests {
    @Test func objectsKeepTheOrderTheirKeysWereWrittenIn() {
        let value: JSONValue = ["t": 1.5, "event": "ready", "mic": ["x": 12.25, "y": 3], "z": [true, false, nil]]
        #expect(value.text == #"{"t":1.5,"event":"ready","mic":{"x":12.25,"y":3},"z":[true,false,null]}"#)
        let reversed: JSONValue = ["b": 1, "a": 2]
        #expect(reversed.text == #"{"b":1,"a":2}"#, "never sorted")
    }

    @Test func fieldsAreAddedBeforeOrAfter() {
        let value: JSONValue = ["event": "end"]
        #expect(
            value.prepending([("t", .number(2))]).appending([("phase", "idle")]).text
                == #"{"t":2,"event":"end","phase":"idle"}"#)
        #expect(JSONValue.integer(3).prepending([("t", 1)]) == .integer(3), "only objects have fields")
    }

    @Test(arguments: [
        (0.1 + 0.2, "0.3"), (3.0, "3"), (-0.0, "0"), (-0.0000001, "0"), (1.23456789, "1.234568"), (1e9, "1000000000"),
        (Double.nan, "null"), (Double.infinity, "null"),
    ])
    func numbersAreShortAndStable(_ input: (value: Double, text: String)) {
        #expect(JSONNumber.text(input.value) == input.text)
    }

    @Test func stringsAreEscaped() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{07} é 🎙"
        let line = JSONValue.string(text).text
        #expect(line == #""quote \" backslash \\ newline \n tab \t bell \u0007 é 🎙""#)
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(line)]".utf8)) as? [String]
        #expect(decoded == [text], "a JSON reader reads the text back")
    }

    @Test func aWriterWritesOneLinePerValue() {
        let lines = Locked<[String]>([])
        let writer = JSONLineWriter { line in lines.withLock { $0.append(line) } }
        writer.write(["event": "a"])
        writer.write(["event": "b", "n": 2])
        #expect(lines.value == [#"{"event":"a"}"# + "\n", #"{"event":"b","n":2}"# + "\n"])
    }
}
