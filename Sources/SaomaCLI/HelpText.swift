// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSwift

/// `saoma --help`: every way to start Saoma.
public var mainHelpText: String {
    tr(
        """
        Usage:
          saoma [OPTION…] [FILE…]          open the scanner window (FILE: a photo to scan)
          saoma scan [--json] [--formats LIST] FILE…
                                           print the codes in image files (no display needed)
          saoma generate TEXT -o OUT.png|OUT.svg [OPTION…]
                                           write a QR code (see “saoma generate --help”)
          saoma devices                    list the cameras Saoma can use
          saoma history [--json] [--search TEXT] [--limit N]
                                           the codes scanned, newest first (see “saoma history --help”)

        Window options:
          --oneshot        scan once, print the chosen code's text and exit
                           (exit 1 when the window is closed without a choice)
          --raw            with --oneshot: print the code's exact bytes, controls included
          --screen         scan what is on the screen (through the desktop's screenshot portal)
          --continuous     keep scanning after each code: record and list every new one
          --wifi           scan a Wi-Fi code and join its network after asking; print how it
                           went (exit 0 joined, 1 cancelled, 2 failed)
          --generate       open the Generate tab
          --device PATH    use this camera (for example /dev/video2)

        Other options:
          -h, --help       show this help
          --version        show the version

        """)
}

extension ScanCommand {
    /// `saoma scan --help`: every option of the scan command.
    public static var helpText: String {
        tr(
            """
            Usage: saoma scan [--json|--raw] [--formats LIST] [--region X,Y,W,H] [--effort fast|thorough] FILE…

            Prints every QR code and barcode found in each image file (PNG, JPEG, GIF, BMP, TIFF,
            WebP…). The EXIF orientation is applied first; files are decoded in parallel and
            reported in the order given.

            Options:
              --json            one JSON object per file and line:
                                {"file", "symbols": [{"format", "text", "bytes_hex", "corners"}], "error"}
                                ("bytes_hex" only when the payload is not UTF-8 text; "text" is null
                                for binary payloads; corners are [x, y] in upright image pixels)
              --raw             print each payload's exact bytes, control characters included
                                (for scripts; never for a terminal)
              -f, --formats LIST
                                only report these formats, comma-separated (default: all):
                                QR, EAN-13, EAN-8, UPC-A, UPC-E, ISBN-10, ISBN-13, EAN-2, EAN-5,
                                CODE-128, CODE-39, CODE-93, I2/5, CODABAR, DataBar, DataBar-Exp
              --region X,Y,WIDTH,HEIGHT
                                only report codes inside this rectangle (upright image pixels)
              --effort fast|thorough
                                “thorough” (default) tries extra passes (thresholds, scales,
                                sharpening, inverted); “fast” is the live camera's single pass
              --record          add every code read to the scan history (“saoma history”)
              -h, --help        show this help
              --                treat every following argument as a file

            Text output: one line per code, “FORMAT: TEXT”, prefixed with “FILE: ” when several
            files are given; binary payloads are shown as hex. Control characters in payloads and
            file names are shown as symbols (␛, ␊, �…), never sent to the terminal.

            Exit status: 0 when a code was found, 4 when none was, 2 on errors (bad option,
            missing, unreadable, damaged or too large image).

            """)
    }
}
