// SPDX-License-Identifier: GPL-3.0-or-later

/// Splits CSV bytes into rows of fields as they arrive, in any chunks (RFC 4180: a quoted field
/// may hold commas, quotes doubled and line breaks; CRLF, LF or CR end a row).
///
/// Works on bytes: every character CSV gives a meaning to is ASCII, and no byte of a multi-byte
/// UTF-8 sequence is, so UTF-8 is checked per field afterwards. Memory is bounded: a field
/// longer than `maximumFieldBytes` stops reading at once, and fields past `maximumFields` are
/// counted, not kept. Lines are counted as a text editor does (CRLF, LF or a lone CR each end one).
struct HistoryCSVReader {
    /// One row: its fields' bytes, the line each field starts on, and how many fields it had.
    struct Row: Equatable {
        var line: Int
        var fields: [[UInt8]]
        var fieldLines: [Int]
        var fieldCount: Int

        /// A line with nothing on it.
        var isBlank: Bool { fieldCount == 1 && fields.first?.isEmpty == true }
    }

    private enum State {
        /// Before a field's first byte.
        case fieldStart
        case unquoted
        case quoted
        /// A quote seen inside a quoted field: a second one is a literal quote, anything else ends the quotes.
        case quoteInQuoted
    }

    /// Bytes a field may have; the first one longer throws `fieldTooLong`.
    var maximumFieldBytes: Int
    /// Fields kept per row; later ones are only counted.
    let maximumFields: Int
    /// The names of fields (for messages), by position; later positions are called `row`.
    let fieldNames: [String]

    private var state = State.fieldStart
    private var fields: [[UInt8]] = []
    private var fieldLines: [Int] = []
    private var fieldCount = 0
    private var field: [UInt8] = []
    /// The line the next byte is on.
    private var line = 1
    private var rowLine = 1
    private var fieldLine = 1
    private var quoteLine = 1
    private var atRowStart = true
    private var previousWasCR = false
    /// A CR ended the row: an LF right after it belongs to the same line end.
    private var swallowLF = false

    init(maximumFieldBytes: Int, maximumFields: Int, fieldNames: [String]) {
        self.maximumFieldBytes = maximumFieldBytes
        self.maximumFields = maximumFields
        self.fieldNames = fieldNames
    }

    /// Reads `bytes`, handing every completed row to `emit` (blank lines included).
    mutating func feed<Bytes: Sequence<UInt8>>(
        _ bytes: Bytes, _ emit: (Row) throws(HistoryExchangeError) -> Void
    ) throws(HistoryExchangeError) {
        for byte in bytes {
            let byteLine = line
            if byte == 0x0D || (byte == 0x0A && !previousWasCR) { line += 1 }
            previousWasCR = byte == 0x0D
            if swallowLF {
                swallowLF = false
                if byte == 0x0A { continue }
            }
            if atRowStart {
                atRowStart = false
                rowLine = byteLine
                fieldLine = byteLine
            }
            try take(byte, line: byteLine, emit)
        }
    }

    /// The end of the input: the last row when it has no line end.
    mutating func finish(_ emit: (Row) throws(HistoryExchangeError) -> Void) throws(HistoryExchangeError) {
        if state == .quoted { throw .unterminatedQuote(line: quoteLine) }
        guard !atRowStart else { return }
        try endField()
        try endRow(emit)
    }

    private mutating func take(_ byte: UInt8, line byteLine: Int, _ emit: (Row) throws(HistoryExchangeError) -> Void)
        throws(HistoryExchangeError)
    {
        switch state {
        case .fieldStart:
            if byte == UInt8(ascii: "\"") {
                state = .quoted
                quoteLine = byteLine
                return
            }
            state = .unquoted
            try unquoted(byte, line: byteLine, emit)
        case .unquoted:
            try unquoted(byte, line: byteLine, emit)
        case .quoted:
            if byte == UInt8(ascii: "\"") {
                state = .quoteInQuoted
            } else {
                try append(byte)
            }
        case .quoteInQuoted:
            if byte == UInt8(ascii: "\"") {
                state = .quoted
                try append(byte)
            } else {
                state = .unquoted
                try unquoted(byte, line: byteLine, emit)
            }
        }
    }

    private mutating func unquoted(_ byte: UInt8, line byteLine: Int, _ emit: (Row) throws(HistoryExchangeError) -> Void)
        throws(HistoryExchangeError)
    {
        switch byte {
        case UInt8(ascii: ","):
            try endField()
            state = .fieldStart
            fieldLine = byteLine
        case 0x0D, 0x0A:
            try endField()
            try endRow(emit)
            swallowLF = byte == 0x0D
        default:
            try append(byte)
        }
    }

    private mutating func append(_ byte: UInt8) throws(HistoryExchangeError) {
        guard field.count < maximumFieldBytes else {
            let name = fieldCount < fieldNames.count ? fieldNames[fieldCount] : "row"
            throw .fieldTooLong(line: rowLine, field: name)
        }
        // Fields past the last one kept are only counted.
        if fieldCount < maximumFields { field.append(byte) }
    }

    private mutating func endField() throws(HistoryExchangeError) {
        if fieldCount < maximumFields {
            fields.append(field)
            fieldLines.append(fieldLine)
        }
        fieldCount += 1
        field.removeAll(keepingCapacity: true)
    }

    private mutating func endRow(_ emit: (Row) throws(HistoryExchangeError) -> Void) throws(HistoryExchangeError) {
        let row = Row(line: rowLine, fields: fields, fieldLines: fieldLines, fieldCount: fieldCount)
        fields.removeAll(keepingCapacity: true)
        fieldLines.removeAll(keepingCapacity: true)
        fieldCount = 0
        state = .fieldStart
        atRowStart = true
        try emit(row)
    }
}
