/// A width and a height, in points.
public struct Size: Sendable, Equatable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double
    /// A size of `width` × `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    /// No size.
    public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle in the band's coordinates (origin top-left, +x right, +y down), in points.
public struct Rect: Sendable, Equatable {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// A rectangle from its top-left corner and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }
    /// A rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    /// The rectangle spanning `minX…maxX` by `minY…maxY`.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
    /// A `size` rectangle centred on `center`.
    public init(center: Point, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// The horizontal extent.
    public var width: Double { size.width }
    /// The vertical extent.
    public var height: Double { size.height }
    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal middle.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical middle.
    public var midY: Double { origin.y + size.height / 2 }
    /// The centre.
    public var center: Point { Point(x: midX, y: midY) }

    /// The same rectangle scaled by `factor` about its centre.
    public func scaled(by factor: Double) -> Rect {
        Rect(center: center, size: Size(width: width * factor, height: height * factor))
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        Rect(
            minX: min(minX, other.minX), minY: min(minY, other.minY),
            maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// The rectangle flipped left for right inside a band `width` wide (right-to-left layout).
    public func mirrored(inWidth width: Double) -> Rect {
        Rect(x: width - maxX, y: minY, width: self.width, height: height)
    }

    /// The rectangle `fraction` of the way from `self` to `other`, edge by edge.
    public func interpolated(to other: Rect, _ fraction: Double) -> Rect {
        Rect(
            minX: lerp(minX, other.minX, fraction), minY: lerp(minY, other.minY, fraction),
            maxX: lerp(maxX, other.maxX, fraction), maxY: lerp(maxY, other.maxY, fraction))
    }
}

extension Point {
    /// The point flipped left for right inside a band `width` wide (right-to-left layout).
    func mirrored(inWidth width: Double) -> Point { Point(x: width - x, y: y) }
}

/// The value `fraction` of the way from `a` to `b`.
func lerp(_ a: Double, _ b: Double, _ fraction: Double) -> Double { a + (b - a) * fraction }

/// `value` held inside `0…1`; not-a-number counts as 0.
func unitClamped(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
