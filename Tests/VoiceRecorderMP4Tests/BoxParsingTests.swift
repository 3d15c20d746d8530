import Testing
import VoiceRecorderMP4

@Suite struct BoxParsingTests {
    private func bytes(_ size: UInt32, _ type: String, _ rest: [UInt8] = []) -> [UInt8] {
        withUnsafeBytes(of: size.bigEndian, Array.init) + Array(type.utf8) + rest
    }

    @Test func aHeaderWithA32BitSize() throws {
        let header = try #require(BoxHeader(in: bytes(16, "free", [UInt8](repeating: 0, count: 8)), at: 0, room: 16))
        #expect(header == BoxHeader(in: bytes(16, "free"), at: 0, room: 100))
        #expect(header.type == "free")
        #expect(header.size == 16)
        #expect(header.length == 8)
    }

    @Test func aHeaderWithA64BitSize() throws {
        let large = bytes(1, "mdat", [0, 0, 0, 1, 0, 0, 0, 24])
        let header = try #require(BoxHeader(in: large, at: 0, room: 1 << 40))
        #expect(header.size == 1 << 32 | 24)
        #expect(header.length == 16)
    }

    @Test func sizeZeroRunsToTheEndOfWhatHoldsIt() throws {
        let header = try #require(BoxHeader(in: bytes(0, "mdat"), at: 0, room: 1_000))
        #expect(header.size == 1_000)
        #expect(header.length == 8)
    }

    @Test func aSizeThatRunsPastTheRoomIsReportedAsDeclared() throws {
        // A file cut in the middle of a box: the caller decides whether that is acceptable.
        let header = try #require(BoxHeader(in: bytes(4_000, "mdat"), at: 0, room: 100))
        #expect(header.size == 4_000)
    }

    @Test(
        arguments: [
            [0, 0, 0, 16, 0x66, 0x72, 0x65],  // seven bytes: no room for the type
            [0, 0, 0, 4, 0x66, 0x72, 0x65, 0x65],  // smaller than its own header
            [0, 0, 0, 1, 0x6D, 0x64, 0x61, 0x74, 0, 0, 0, 0, 0, 0, 0, 12],  // 64-bit, smaller than 16
            [0, 0, 0, 1, 0x6D, 0x64, 0x61, 0x74, 0, 0, 0, 0],  // 64-bit size cut off
            [0, 0, 0, 1, 0x6D, 0x64, 0x61, 0x74, 0xFF, 0, 0, 0, 0, 0, 0, 0],  // beyond any file
        ] as [[UInt8]])
    func bytesThatAreNotAHeaderAreRefused(header: [UInt8]) {
        #expect(BoxHeader(in: header, at: 0, room: 1 << 40) == nil)
    }

    @Test func aHeaderIsReadWhereverItStandsInABuffer() throws {
        let buffer: [UInt8] = [9, 9, 9] + bytes(12, "skip", [1, 2, 3, 4])
        let header = try #require(BoxHeader(in: buffer, at: 3, room: 12))
        #expect(header.type == "skip")
        #expect(BoxHeader(in: buffer, at: 14, room: 100) == nil)
    }

    @Test func childrenTileTheirParentExactlyOrAreRefused() throws {
        var builder = BoxBuilder()
        builder.box("moov") { movie in
            movie.fullBox("mvhd", version: 0) { $0.append(7, width: 4) }
            movie.box("trak") { $0.append(raw: [1, 2, 3]) }
        }
        let movie = builder.bytes
        let top = try #require(BoxInBuffer.children(of: movie, in: 0 ..< movie.count))
        #expect(top.map(\.type) == ["moov"])
        let inside = try #require(BoxInBuffer.children(of: movie, in: top[0].bodyStart ..< top[0].end))
        #expect(inside.map(\.type) == ["mvhd", "trak"])
        #expect(inside[0].bytes(in: movie) == bytes(16, "mvhd", [0, 0, 0, 0, 0, 0, 0, 7]))
        #expect(inside[1].end - inside[1].bodyStart == 3)

        // One byte short: the last child runs past its parent, and nothing built on it is trusted.
        #expect(BoxInBuffer.children(of: movie, in: top[0].bodyStart ..< top[0].end - 1) == nil)
        var seen: [FourCharacterCode] = []
        let tiled = movie.forEachBox(in: top[0].bodyStart ..< top[0].end - 1) { seen.append($0.type) }
        #expect(!tiled)
        #expect(seen == ["mvhd"], "the boxes before the damage were seen")
    }

    @Test func theBuilderWritesBigEndianOfEveryWidth() {
        var builder = BoxBuilder()
        builder.append(0x0102, width: 2)
        builder.append(0x03_0405, width: 3)
        builder.append(0x0607_0809, width: 4)
        builder.append(0x0A0B_0C0D_0E0F_1011, width: 8)
        builder.append(uint32s: [0x1213_1415, 0x1617_1819])
        #expect(builder.bytes == Array(1 ... 0x19))
        #expect(builder.bytes.bigEndian(at: 2, width: 3) == 0x03_0405)
        #expect(builder.bytes.uint32(at: 5) == 0x0607_0809)
        #expect(builder.bytes.uint32(at: 22) == nil)
    }

    @Test func fourCharacterCodesCompareAsIntegersAndReadAsText() {
        let code: FourCharacterCode = "moov"
        #expect(code.rawValue == 0x6D6F_6F76)
        #expect(code.description == "moov")
        #expect(code.bytes == Array("moov".utf8))
        #expect(code.isPrintable)
        #expect(!FourCharacterCode(rawValue: 0x0001_6D6F).isPrintable)
        #expect([0, 0, 0, 0, 0x74, 0x72, 0x61, 0x66].fourCharacterCode(at: 4) == "traf")
    }
}
