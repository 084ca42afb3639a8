// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import SaomaCore

/// Whether two points agree to within `tolerance`.
private func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@Suite("Scanner view transform")
struct ScannerViewTransformTests {
    /// (image, view, fit, expected scale, expected image rect in view).
    static let fits: [(Size, Size, ContentFit, Double, Rect)] = [
        // Wide 16:9 frame in a 4:3 view: cover scales by height and crops the sides equally.
        (
            Size(width: 1280, height: 720), Size(width: 800, height: 600), .cover, 600.0 / 720,
            Rect(x: -133.3333333333, y: 0, width: 1066.6666666667, height: 600)
        ),
        // Same in a very wide view: cover scales by width, crops top and bottom.
        (
            Size(width: 1280, height: 720), Size(width: 1000, height: 300), .cover, 1000.0 / 1280,
            Rect(x: 0, y: -131.25, width: 1000, height: 562.5)
        ),
        // Contain letterboxes instead.
        (Size(width: 1280, height: 720), Size(width: 800, height: 600), .contain, 800.0 / 1280, Rect(x: 0, y: 75, width: 800, height: 450)),
        (Size(width: 640, height: 480), Size(width: 1000, height: 300), .contain, 300.0 / 480, Rect(x: 300, y: 0, width: 400, height: 300)),
        // Same aspect ratio: both fits agree and fill the view.
        (Size(width: 640, height: 480), Size(width: 320, height: 240), .cover, 0.5, Rect(x: 0, y: 0, width: 320, height: 240)),
        (Size(width: 640, height: 480), Size(width: 320, height: 240), .contain, 0.5, Rect(x: 0, y: 0, width: 320, height: 240)),
    ]

    @Test("scale is max (cover) or min (contain) of the axis ratios and the image is centred", arguments: fits)
    func fitScalesAndCentres(image: Size, view: Size, fit: ContentFit, scale: Double, rect: Rect) {
        let t = ViewTransform(imageSize: image, viewport: Viewport(size: view, fit: fit))
        #expect(abs(t.scale - scale) < 1e-9)
        #expect(near(t.imageRectInView.origin, rect.origin, 1e-6))
        #expect(abs(t.imageRectInView.width - rect.width) < 1e-6)
        #expect(abs(t.imageRectInView.height - rect.height) < 1e-6)
        // Overflow (cover) or letterbox (contain) is equal on both sides.
        let r = t.imageRectInView
        #expect(abs(r.minX - (view.width - r.maxX)) < 1e-6)
        #expect(abs(r.minY - (view.height - r.maxY)) < 1e-6)
    }

    @Test("cover crops a wide frame equally on both sides")
    func coverCropsWideFrameEqually() {
        let t = ViewTransform(
            imageSize: Size(width: 1280, height: 720), viewport: Viewport(size: Size(width: 720, height: 720), fit: .cover))
        // 1280 → 1280 points wide at scale 1: 280 px cut on each side.
        #expect(near(t.imagePoint(fromView: Point(x: 0, y: 0)), Point(x: 280, y: 0)))
        #expect(near(t.imagePoint(fromView: Point(x: 720, y: 720)), Point(x: 1000, y: 720)))
    }

    /// (mirrored, image point, expected view point) for a 200×100 image in a 400×400 view (cover: scale 4, x offset −200).
    static let mappedPoints: [(Bool, Point, Point)] = [
        (false, Point(x: 0, y: 0), Point(x: -200, y: 0)),
        (false, Point(x: 100, y: 50), Point(x: 200, y: 200)),
        (false, Point(x: 75, y: 25), Point(x: 100, y: 100)),
        (true, Point(x: 0, y: 0), Point(x: 600, y: 0)),
        (true, Point(x: 100, y: 50), Point(x: 200, y: 200)),
        (true, Point(x: 75, y: 25), Point(x: 300, y: 100)),
        (true, Point(x: 200, y: 100), Point(x: -200, y: 400)),
    ]

    @Test("image → view mapping, with and without mirror", arguments: mappedPoints)
    func imageToView(mirrored: Bool, image: Point, view: Point) {
        let t = ViewTransform(
            imageSize: Size(width: 200, height: 100),
            viewport: Viewport(size: Size(width: 400, height: 400), fit: .cover, mirrored: mirrored))
        #expect(near(t.viewPoint(fromImage: image), view))
        #expect(near(t.imagePoint(fromView: view), image))
    }

    @Test(
        "inverse undoes the forward mapping for every fit and mirror",
        arguments: [ContentFit.cover, .contain], [false, true])
    func roundTrip(fit: ContentFit, mirrored: Bool) {
        let t = ViewTransform(
            imageSize: Size(width: 1280, height: 720), viewport: Viewport(size: Size(width: 517, height: 731), fit: fit, mirrored: mirrored)
        )
        for p in [Point(x: 0, y: 0), Point(x: 13.5, y: 700), Point(x: 1280, y: 720), Point(x: 640, y: 1)] {
            #expect(near(t.imagePoint(fromView: t.viewPoint(fromImage: p)), p, 1e-9))
        }
    }

    /// (mirrored, frame rect in a 640×480 view over a 1280×720 image (scale 2/3, x offset −106.67), expected ROI).
    static let regions: [(Bool, Rect, PixelRect)] = [
        // Centre 300×300 view points = 450×450 pixels about the image centre (640, 360).
        (false, Rect(x: 170, y: 90, width: 300, height: 300), PixelRect(x: 415, y: 135, width: 450, height: 450)),
        // Mirror: the frame's left part shows the image's right part; the centred region stays centred.
        (true, Rect(x: 170, y: 90, width: 300, height: 300), PixelRect(x: 415, y: 135, width: 450, height: 450)),
        // A frame on the view's left: pixels left of centre, or right of centre when mirrored.
        (false, Rect(x: 0, y: 0, width: 120, height: 480), PixelRect(x: 160, y: 0, width: 180, height: 720)),
        (true, Rect(x: 0, y: 0, width: 120, height: 480), PixelRect(x: 940, y: 0, width: 180, height: 720)),
        // A view rect beyond the image is clipped to it.
        (false, Rect(x: -1000, y: -10, width: 3000, height: 3000), PixelRect(x: 0, y: 0, width: 1280, height: 720)),
    ]

    @Test("a frame in the view maps to the camera pixels under it, mirror-aware", arguments: regions)
    func frameToPixelRegion(mirrored: Bool, frame: Rect, expected: PixelRect) {
        let t = ViewTransform(
            imageSize: Size(width: 1280, height: 720),
            viewport: Viewport(size: Size(width: 640, height: 480), fit: .cover, mirrored: mirrored))
        #expect(t.pixelRegion(fromView: frame) == expected)
    }

    @Test("a degenerate view maps nothing")
    func degenerate() {
        let t = ViewTransform(imageSize: Size(width: 1280, height: 720), viewport: Viewport(size: .zero, fit: .cover))
        #expect(t.isDegenerate)
        #expect(t.pixelRegion(fromView: Rect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
    }
}

@Suite("Scan frame")
struct ScanFrameTests {
    static let view = Size(width: 800, height: 600)

    @Test("initial frame is inset 60 × 80 and centred")
    func initialInset() {
        let frame = ScanFrame(viewSize: Self.view)
        #expect(frame.rect == Rect(x: 60, y: 80, width: 680, height: 440))
    }

    /// (view size, expected initial frame size): small views clamp to the minimum, tiny ones to the view.
    static let smallViews: [(Size, Size)] = [
        (Size(width: 150, height: 200), Size(width: 70, height: 70)),
        (Size(width: 190, height: 231), Size(width: 70, height: 71)),
        (Size(width: 50, height: 40), Size(width: 48, height: 38)),
    ]

    @Test("initial frame is clamped on small windows", arguments: smallViews)
    func initialClamped(view: Size, expected: Size) {
        #expect(ScanFrame(viewSize: view).size == expected)
    }

    /// (point, expected handle) for the 680×440 frame at (60, 80) in an 800×600 view.
    static let hits: [(Point, FrameHandle?)] = [
        (Point(x: 60, y: 80), .topLeft),
        (Point(x: 35, y: 55), .topLeft),
        (Point(x: 85, y: 105), .topLeft),
        (Point(x: 86, y: 80), .top),
        (Point(x: 740, y: 520), .bottomRight),
        (Point(x: 765, y: 495), .bottomRight),
        (Point(x: 740, y: 80), .topRight),
        (Point(x: 60, y: 520), .bottomLeft),
        (Point(x: 400, y: 56), .top),
        (Point(x: 400, y: 104), .top),
        (Point(x: 400, y: 545), .bottom),
        (Point(x: 36, y: 300), .left),
        (Point(x: 764, y: 300), .right),
        (Point(x: 400, y: 300), nil),
        (Point(x: 400, y: 54), nil),
        (Point(x: 10, y: 10), nil),
        (Point(x: 400, y: 106), nil),
    ]

    @Test("eight hit regions, corners first, nothing elsewhere", arguments: hits)
    func hitRegions(point: Point, expected: FrameHandle?) {
        #expect(ScanFrame(viewSize: Self.view).handle(at: point) == expected)
    }

    /// (handle, pointer movement, expected size) from the 680×440 frame.
    static let drags: [(FrameHandle, Double, Double, Size)] = [
        (.bottomRight, 10, 20, Size(width: 700, height: 480)),
        (.topLeft, -10, -20, Size(width: 700, height: 480)),
        (.topLeft, 10, 20, Size(width: 660, height: 400)),
        (.topRight, 5, -5, Size(width: 690, height: 450)),
        (.bottomLeft, -5, 5, Size(width: 690, height: 450)),
        (.right, 10, 99, Size(width: 700, height: 440)),
        (.left, -10, 99, Size(width: 700, height: 440)),
        (.top, 99, -10, Size(width: 680, height: 460)),
        (.bottom, 99, 10, Size(width: 680, height: 460)),
        // Limits: at most the view minus 2 points, at least 70.
        (.bottomRight, 500, 500, Size(width: 798, height: 598)),
        (.bottomRight, -500, -500, Size(width: 70, height: 70)),
    ]

    @Test("drag resizes about the centre by twice the movement; edges only their axis", arguments: drags)
    func cornerDragGrowsBothAxesTwice(handle: FrameHandle, dx: Double, dy: Double, expected: Size) {
        var frame = ScanFrame(viewSize: Self.view)
        frame.drag(handle, from: frame.size, dx: dx, dy: dy)
        #expect(frame.size == expected)
        #expect(frame.rect.center == Point(x: 400, y: 300))
    }

    /// (key, shift, expected size) from the 680×440 frame.
    static let keys: [(ArrowKey, Bool, Size)] = [
        (.right, false, Size(width: 690, height: 440)),
        (.left, false, Size(width: 670, height: 440)),
        (.up, false, Size(width: 680, height: 450)),
        (.down, true, Size(width: 680, height: 390)),
        (.right, true, Size(width: 730, height: 440)),
    ]

    @Test("arrow keys resize, Shift by larger steps", arguments: keys)
    func keyboardResize(key: ArrowKey, shift: Bool, expected: Size) {
        var frame = ScanFrame(viewSize: Self.view)
        frame.nudge(key, large: shift)
        #expect(frame.size == expected)
    }

    @Test("window resize keeps the relative size, clamped")
    func windowResizeKeepsRelativeSize() {
        var frame = ScanFrame(viewSize: Size(width: 1000, height: 500), relativeSize: Size(width: 0.5, height: 0.4))
        #expect(frame.size == Size(width: 500, height: 200))
        frame.resizeView(to: Size(width: 500, height: 1000))
        #expect(frame.size == Size(width: 250, height: 400))
        frame.resizeView(to: Size(width: 100, height: 100))
        #expect(frame.size == Size(width: 70, height: 70))
        #expect(frame.relativeSize == Size(width: 0.7, height: 0.7))
    }

    @Test("a remembered relative size is restored; zero means the initial inset")
    func restoresRelativeSize() {
        #expect(ScanFrame(viewSize: Self.view, relativeSize: Size(width: 0.25, height: 0.5)).size == Size(width: 200, height: 300))
        #expect(ScanFrame(viewSize: Self.view, relativeSize: .zero).size == Size(width: 680, height: 440))
    }

    @Test("the dim surround plus the frame tile the view exactly")
    func surroundIsEvenOddHole() {
        let frame = ScanFrame(viewSize: Self.view)
        let area = frame.surroundRects.reduce(0) { $0 + $1.width * $1.height }
        #expect(area + frame.rect.width * frame.rect.height == 800 * 600)
        for r in frame.surroundRects { #expect(r.intersection(frame.rect) == nil) }
    }

    @Test(
        "marks stay inside the frame and shorten on small frames", arguments: [Size(width: 680, height: 440), Size(width: 70, height: 90)])
    func marksFit(size: Size) {
        var frame = ScanFrame(viewSize: Self.view)
        frame.setSize(size)
        for bar in frame.markRects { #expect(frame.rect.contains(bar)) }
        #expect(frame.markArm == min(20, min(size.width, size.height) / 6))
    }

    @Test("each handle's marks sit at its own place and are hit as that handle", arguments: FrameHandle.allCases)
    func marksBelongToTheirHandle(handle: FrameHandle) {
        let frame = ScanFrame(viewSize: Self.view)
        let marks = frame.marks(of: handle)
        #expect(marks.count == (FrameHandle.corners.contains(handle) ? 2 : 1))
        for bar in marks { #expect(frame.handle(at: bar.center) == handle, "\(bar) of \(handle)") }
        #expect(frame.handle(at: frame.point(of: handle)) == handle)
        #expect(frame.markRects.count == 12)
    }

    @Test("a hint pill never covers a marker: inside the frame among the codes it moves to the view's edge")
    func pillsClearOfMarkers() {
        var frame = ScanFrame(viewSize: Size(width: 1190, height: 443))
        frame.setSize(Size(width: 1070, height: 283))
        let pill = Size(width: 290, height: 52)
        let free = frame.pillRect(size: pill, preferringTop: false)
        // A marker where the pill would go inside the frame.
        let marker = Rect(center: free.center, size: Size(width: 36, height: 36))
        let moved = frame.pillRect(size: pill, preferringTop: false, avoiding: [marker])
        #expect(moved.intersection(marker) == nil, "\(moved) covers the marker \(marker)")
        #expect(moved.minY >= 0 && moved.maxY <= 443)
        // Markers everywhere but the top edge: the pill goes there.
        let markers = stride(from: 70.0, through: 440, by: 20).map { Rect(x: 0, y: $0, width: 1190, height: 1) }
        let top = frame.pillRect(size: pill, preferringTop: false, avoiding: markers)
        #expect(markers.allSatisfy { top.intersection($0) == nil }, "\(top)")
    }

    /// (view, frame size, hint above the frame?, where the pill goes: above, below or inside).
    static let pills: [(Size, Size?, Bool, String)] = [
        (Size(width: 900, height: 600), nil, true, "above"),
        (Size(width: 900, height: 600), nil, false, "below"),
        (Size(width: 900, height: 600), Size(width: 700, height: 560), true, "inside"),
        (Size(width: 900, height: 600), Size(width: 700, height: 560), false, "inside"),
        (Size(width: 900, height: 400), Size(width: 600, height: 300), true, "inside"),
    ]

    @Test("hint pills are clear of every handle's hit area and inside the view", arguments: pills)
    func pillsClearOfHandles(view: Size, size: Size?, top: Bool, expected: String) {
        var frame = ScanFrame(viewSize: view)
        if let size { frame.setSize(size) }
        let pill = frame.pillRect(size: Size(width: 320, height: 36), preferringTop: top)
        let r = frame.rect
        let band = ScanFrame.handleHitSize / 2
        let place = pill.maxY <= r.minY - band ? "above" : pill.minY >= r.maxY + band ? "below" : "inside"
        #expect(place == expected, "\(pill) for frame \(r)")
        #expect(pill.minY >= 0 && pill.maxY <= view.height && abs(pill.midX - view.width / 2) < 0.001)
        for handle in FrameHandle.allCases {
            let corner = Rect(center: frame.point(of: handle), size: Size(width: ScanFrame.handleHitSize, height: ScanFrame.handleHitSize))
            #expect(pill.intersection(corner) == nil, "covers \(handle)")
        }
        for edgeY in [r.minY, r.maxY] {
            #expect(pill.maxY <= edgeY - band || pill.minY >= edgeY + band, "covers the edge at y=\(edgeY)")
        }
    }

    @Test("cursor names follow the handle's diagonal or axis", arguments: FrameHandle.allCases)
    func cursorNames(handle: FrameHandle) {
        let expected: String
        switch (handle.horizontalSign, handle.verticalSign) {
        case (0, _): expected = "ns-resize"
        case (_, 0): expected = "ew-resize"
        case let (h, v) where h == v: expected = "nwse-resize"
        default: expected = "nesw-resize"
        }
        #expect(handle.cursorName == expected)
    }
}

@Suite("Scan line")
struct ScanLineTests {
    /// (elapsed seconds, progress, opacity).
    static let states: [(Double, Double, Double)] = [
        (0, 0, 1), (1.25, 0.5, 1), (2.0, 0.8, 1), (2.25, 0.9, 0.5), (2.5, 0, 1), (3.75, 0.5, 1),
    ]

    @Test("sweeps linearly over 2.5 s and fades out in its last 0.5 s", arguments: states)
    func sweep(elapsed: Double, progress: Double, opacity: Double) {
        let s = ScanLineAnimation.state(elapsed: elapsed)
        #expect(abs(s.progress - progress) < 1e-9)
        #expect(abs(s.opacity - opacity) < 1e-9)
    }
}

@Suite("Scanner preview sampling")
struct ScannerSamplingTests {
    /// (mirrored, pixel scale, expected columns, expected rows) for an 8×4 image in a 4×4 view
    /// (cover: scale 1, 2 columns cropped on each side).
    static let cases: [(Bool, Int, [Int], [Int])] = [
        (false, 1, [2, 3, 4, 5], [0, 1, 2, 3]),
        (true, 1, [5, 4, 3, 2], [0, 1, 2, 3]),
        (false, 2, [2, 2, 3, 3, 4, 4, 5, 5], [0, 0, 1, 1, 2, 2, 3, 3]),
    ]

    @Test("each device pixel shows the image pixel the transform puts under it", arguments: cases)
    func sampling(mirrored: Bool, pixelScale: Int, columns: [Int], rows: [Int]) {
        let t = ViewTransform(
            imageSize: Size(width: 8, height: 4),
            viewport: Viewport(size: Size(width: 4, height: 4), fit: .cover, mirrored: mirrored, scale: pixelScale))
        let indices = t.sampleIndices()
        #expect(indices.columns == columns)
        #expect(indices.rows == rows)
    }

    @Test("indices stay inside the image when the view shows less than a pixel's worth", arguments: [ContentFit.cover, .contain])
    func clamped(fit: ContentFit) {
        let t = ViewTransform(imageSize: Size(width: 3, height: 2), viewport: Viewport(size: Size(width: 640, height: 480), fit: fit))
        let indices = t.sampleIndices()
        #expect(indices.columns.count == 640 && indices.rows.count == 480)
        #expect(indices.columns.allSatisfy { (0..<3).contains($0) })
        #expect(indices.rows.allSatisfy { (0..<2).contains($0) })
    }
}
