import VoiceRecorderCore

/// For each row of a block of device pixels, the runs of columns the glass's pieces can touch: the union of the
/// pieces' boxes (each grown by the hairline and a pixel), row by row.
///
/// The glass's bounding rectangle is mostly empty in the wide states (the lane stands above the mic, the capsule
/// beside it), so clearing the ring markers and colouring them only along these runs skips the empty corners.
struct GlassRowSpans {
    /// The rows with any run.
    let rows: Range<Int>
    /// The runs of every row of `rows`, in order: row `r`'s are `runs[starts[r - rows.lowerBound] ..< starts[r -
    /// rows.lowerBound + 1]]`, sorted and apart.
    private var runs: [Range<Int>] = []
    private var starts: [Int] = []

    /// The runs of `pieces` in a `width` × `height` block whose pixel (0, 0) has the user-space origin at `origin`,
    /// at `scale` device pixels per point.
    init(_ pieces: [GlassPiece], scale: Double, origin: Point, width: Int, height: Int) {
        let grown = ControlPalette.edgeWidth + 1
        // Each piece's box in whole pixels, clamped to the block.
        let boxes: [(columns: Range<Int>, rows: Range<Int>)] = pieces.compactMap { piece in
            guard let bounds = piece.bounds else { return nil }
            let columns =
                max(0, Int((origin.x + (bounds.minX - grown) * scale).rounded(.down)))
                ..< min(width, Int((origin.x + (bounds.maxX + grown) * scale).rounded(.up)))
            let rows =
                max(0, Int((origin.y + (bounds.minY - grown) * scale).rounded(.down)))
                ..< min(height, Int((origin.y + (bounds.maxY + grown) * scale).rounded(.up)))
            return columns.isEmpty || rows.isEmpty ? nil : (columns, rows)
        }
        guard let top = boxes.map(\.rows.lowerBound).min(), let bottom = boxes.map(\.rows.upperBound).max() else {
            rows = 0 ..< 0
            return
        }
        rows = top ..< bottom
        starts.reserveCapacity(rows.count + 1)
        var crossing: [Range<Int>] = []
        crossing.reserveCapacity(boxes.count)
        for row in rows {
            starts.append(runs.count)
            crossing.removeAll(keepingCapacity: true)
            for box in boxes where box.rows.contains(row) { crossing.append(box.columns) }
            crossing.sort { $0.lowerBound < $1.lowerBound }
            // Overlapping or touching boxes merge into one run.
            for columns in crossing {
                if let last = runs.last, runs.count > starts[starts.count - 1], columns.lowerBound <= last.upperBound {
                    runs[runs.count - 1] = last.lowerBound ..< max(last.upperBound, columns.upperBound)
                } else {
                    runs.append(columns)
                }
            }
        }
        starts.append(runs.count)
    }

    /// The runs of `row` (none outside `rows`).
    func runs(of row: Int) -> ArraySlice<Range<Int>> {
        guard rows.contains(row) else { return [] }
        let index = row - rows.lowerBound
        return runs[starts[index] ..< starts[index + 1]]
    }
}

extension GlassPiece {
    /// The piece's outline's bounding box in user space (nil when it draws nothing). A neck's fillets bow inward,
    /// so its outline lies within the box of their ends.
    var bounds: Rect? {
        switch self {
        case .shape(let shape):
            guard shape.rect.width > 0, shape.rect.height > 0 else { return nil }
            return shape.rect
        case .neck(let neck):
            guard neck.fillets.count == 2 else { return nil }
            let points = neck.outline(segmentsPerArc: 4)
            guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
                let minY = points.map(\.y).min(), let maxY = points.map(\.y).max()
            else { return nil }
            return Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        }
    }
}
