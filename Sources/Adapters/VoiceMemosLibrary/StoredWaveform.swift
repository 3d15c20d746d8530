import Foundation
import VoiceMemos

/// How a memo's waveform is stored: each loudness (0…1) as a 16-bit fraction of full scale, little-endian.
///
/// 1/65,535 is far finer than any bar a row can draw, and 160 values take 320 bytes instead of 1,280 as doubles:
/// the table stays small enough that scanning it (the start-up check, a search, SQLite's own check) is a few
/// milliseconds at 10,000 memos. The library hands back exactly what it stored: `keep` returns the memo with its
/// waveform already as `stored(_:)` gives it, so a memo read back later is equal to the one kept.
public enum StoredWaveform {
    private static let fullScale = Double(UInt16.max)

    /// `samples` as they come back from the library (clamped to 0…1, to the nearest 1/65,535).
    public static func stored(_ samples: [Double]) -> [Double] {
        samples.map { Double(quantized($0)) / fullScale }
    }

    static func encode(_ samples: [Double]) -> Data {
        var data = Data(capacity: samples.count * 2)
        for sample in samples {
            withUnsafeBytes(of: quantized(sample).littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// The stored waveform in `bytes` as the memo keeps it in memory, without a detour through an array of doubles.
    static func decodeWaveform(_ bytes: UnsafeRawBufferPointer) -> Waveform {
        let count = bytes.count / 2
        let levels = [UInt8](unsafeUninitializedCapacity: count) { levels, initialized in
            for index in 0 ..< count {
                let stored = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self))
                levels.initializeElement(at: index, to: Waveform.level(Double(stored) / fullScale))
            }
            initialized = count
        }
        return Waveform(levels: levels)
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) -> [Double] {
        let count = bytes.count / 2
        return [Double](unsafeUninitializedCapacity: count) { values, initialized in
            for index in 0 ..< count {
                let stored = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self))
                values.initializeElement(at: index, to: Double(stored) / fullScale)
            }
            initialized = count
        }
    }

    private static func quantized(_ sample: Double) -> UInt16 {
        guard sample.isFinite else { return 0 }
        return UInt16((min(max(sample, 0), 1) * fullScale).rounded())
    }
}
