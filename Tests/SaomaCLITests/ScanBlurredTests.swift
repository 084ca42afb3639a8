// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaTestSupport
import Testing

/// `saoma scan` on codes defocused past zbar and zxing-cpp: the blur-aware engines of the
/// composition read them. The codes are drawn by zint and blurred by ImageMagick's Gaussian (both
/// in scripts/packages.txt), apart from the readers' own rendering.
@Suite("saoma scan defocused codes")
struct ScanBlurredTests {
    /// A zint symbol blurred by `sigma` pixels (zint's `--scale` 1 draws 2 pixels per module).
    static func blurred(_ folder: TemporaryFolder, _ name: String, zint: [String], sigma: Double) throws -> String {
        let sharp = folder.path("\(name)-sharp.png")
        let path = folder.path("\(name).png")
        try runTool("/usr/bin/zint", zint + ["--notext", "--quietzones", "-o", sharp])
        try runTool(
            installedTool("convert") ?? "/usr/bin/convert",
            [sharp, "-colorspace", "Gray", "-bordercolor", "white", "-border", "16", "-blur", "0x\(sigma)", path])
        return path
    }

    @Test(
        "reads an EAN-13, a Code 128 and a QR code blurred past edge detection",
        .enabled(if: BuiltProducts.hasSaoma, "saoma is not built"),
        arguments: [
            (["-b", "EANX", "--scale=1", "-d", "590123412345"], 1.7, "EAN-13: 5901234123457"),
            (["-b", "20", "--scale=1", "-d", "Blur 128"], 1.7, "CODE-128: Blur 128"),
            (["-b", "QRCODE", "--scale=1.5", "-d", "https://example.org/defocused"], 1.8, "QR: https://example.org/defocused"),
        ])
    func readsDefocusedCodes(zint: [String], sigma: Double, expected: String) throws {
        let folder = try TemporaryFolder(prefix: "saoma-scan-blur")
        let path = try Self.blurred(folder, "code", zint: zint, sigma: sigma)
        // zbar alone gives up on it (zbarimg exits 4 when it finds nothing).
        #expect(try runToolStatus("/usr/bin/zbarimg", ["--raw", "-q", path]).status == 4)
        let outcome = try SpawnedCommand.run(["scan", path])
        #expect(outcome.status == 0)
        #expect(outcome.output == expected + "\n", "\(outcome.output)")
    }

    @Test("a defocused photo without a code reads nothing", .enabled(if: BuiltProducts.hasSaoma, "saoma is not built"))
    func blurredNoiseReadsNothing() throws {
        let folder = try TemporaryFolder(prefix: "saoma-scan-blur")
        let path = folder.path("noise.png")
        try runTool(
            installedTool("convert") ?? "/usr/bin/convert",
            ["-size", "320x240", "xc:gray60", "+noise", "Random", "-blur", "0x1.5", "-colorspace", "Gray", path])
        let outcome = try SpawnedCommand.run(["scan", path])
        #expect(outcome.status == 4)
        #expect(outcome.output.isEmpty)
    }
}
