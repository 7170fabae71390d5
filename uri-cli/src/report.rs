//! How results are written: buffered standard output, errors as JSON objects
//! or, for people, as the input with a caret under the failing byte.

use std::borrow::Cow;
use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};

use rfc3986::ParseError;
use serde::Serialize;

/// The `error` object of the JSON output.
#[derive(Serialize)]
pub struct ErrorJson {
    pub kind: &'static str,
    pub offset: usize,
    pub message: String,
}

impl From<&ParseError> for ErrorJson {
    fn from(err: &ParseError) -> Self {
        ErrorJson {
            kind: err.kind().name(),
            offset: err.offset(),
            message: err.to_string(),
        }
    }
}

/// Input bytes as JSON text: UTF-8 as is, anything else replaced by U+FFFD
/// (a valid reference is ASCII, so only invalid inputs are ever changed).
pub fn lossy(input: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(input)
}

/// Standard output behind one buffer, flushed at the end: a million lines
/// cost a few large writes, not one per field.
pub struct Output {
    pub out: BufWriter<StdoutLock<'static>>,
    color: bool,
}

impl Output {
    pub fn new() -> Self {
        Output {
            out: BufWriter::with_capacity(64 * 1024, io::stdout().lock()),
            color: io::stderr().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }

    /// Writes one JSON value and a newline.
    pub fn json(&mut self, value: &impl Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, value)?;
        self.out.write_all(b"\n")
    }

    /// Writes an error for people to standard error: the message, then the
    /// input with a caret under the offset.
    pub fn human_error(&mut self, input: &[u8], err: &ParseError) -> io::Result<()> {
        self.human_message(input, err.offset(), &err.to_string())
    }

    /// Like [`human_error`](Self::human_error) for any message and offset.
    pub fn human_message(&mut self, input: &[u8], offset: usize, message: &str) -> io::Result<()> {
        // Keep what went to stdout before this error ahead of it on a terminal.
        self.out.flush()?;
        let text = caret_display(input, offset, self.color, message);
        io::stderr().lock().write_all(text.as_bytes())
    }

    pub fn finish(mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Renders `error: MESSAGE`, the input on the next line with every byte that
/// is not printable ASCII written as `\xNN` (so columns line up), and a
/// caret under byte `offset` (past the end when the input ran out).
pub fn caret_display(input: &[u8], offset: usize, color: bool, message: &str) -> String {
    let mut shown = String::with_capacity(input.len() + 8);
    let mut column = None;
    for (i, &b) in input.iter().enumerate() {
        if i == offset {
            column = Some(shown.len());
        }
        if (0x20..0x7f).contains(&b) {
            shown.push(b as char);
        } else {
            shown.push_str(&format!("\\x{b:02X}"));
        }
    }
    let column = column.unwrap_or(shown.len());
    let (red, bold, reset) = if color {
        ("\x1b[31m", "\x1b[1m", "\x1b[0m")
    } else {
        ("", "", "")
    };
    format!(
        "{bold}{red}error{reset}{bold}: {message}{reset}\n  {shown}\n  {}{red}^{reset}\n",
        " ".repeat(column)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_lines_up_under_escaped_bytes() {
        let text = caret_display(b"a\tb c", 3, false, "m");
        assert_eq!(text, "error: m\n  a\\x09b c\n        ^\n");
        let text = caret_display(b"ab", 2, false, "end");
        assert_eq!(text, "error: end\n  ab\n    ^\n");
    }

    #[test]
    fn color_only_when_asked() {
        assert!(caret_display(b"x", 0, true, "m").contains("\x1b[31m"));
        assert!(!caret_display(b"x", 0, false, "m").contains('\x1b'));
    }
}
