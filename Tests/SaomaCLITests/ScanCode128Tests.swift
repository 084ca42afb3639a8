// SPDX-License-Identifier: GPL-3.0-or-later
import SaomaTestSupport
import Testing

@Suite("saoma scan Code 128 extended characters")
struct ScanCode128Tests {
    @Test(
        "prints a Code 128 symbol's FNC4 characters right, with the ISO-8859-1 bytes",
        .enabled(if: BuiltProducts.hasSaoma, "saoma is not built"))
    func printsExtendedCharacters() throws {
        let folder = try TemporaryFolder(prefix: "saoma-scan-code128")
        let path = folder.path("äpfel.png")
        // zint (scripts/packages.txt) writes "Ä" as FNC4 + "D"; zbar alone reads "Dpfel".
        try runTool("/usr/bin/zint", ["-b", "20", "--scale=1.5", "--notext", "--quietzones", "-d", "Äpfel", "-o", path])
        let outcome = try SpawnedCommand.run(["scan", "--json", path])
        #expect(outcome.status == 0)
        let line = outcome.output
        #expect(line.contains(#""format":"CODE-128","text":"Äpfel""#), "\(line)")
        #expect(line.contains(#""bytes_hex":"c47066656c""#), "\(line)")
        #expect(!line.contains("Dpfel"))
        let text = try SpawnedCommand.run(["scan", path])
        #expect(text.output == "CODE-128: Äpfel\n")
    }
}
