//! What `uri resolve` and `uri relativize` share: a BASE argument, each
//! input answered on one line, and errors that belong either to the base or
//! to the input.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, Write};

use rfc3986::{ParseError, UriRefBuf};
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::input::each_ref;
use crate::report::{lossy, Output};

/// The `error` object of the JSON output, with `source` telling whether the
/// base or the input is at fault (`offset` is into that one).
#[derive(serde::Serialize, Clone)]
pub struct OperationError {
    pub kind: &'static str,
    pub offset: usize,
    pub message: String,
    pub source: &'static str,
}

impl OperationError {
    pub fn parse(err: &ParseError, source: &'static str) -> Self {
        OperationError::new(err.kind().name(), err.offset(), err.to_string(), source)
    }

    pub fn new(kind: &'static str, offset: usize, message: String, source: &'static str) -> Self {
        OperationError {
            kind,
            offset,
            message: format!("{source}: {message}"),
            source,
        }
    }

    /// Writes the error for people, with a caret under its offset in the
    /// base or in the input.
    fn human(&self, out: &mut Output, base: &[u8], input: &[u8]) -> io::Result<()> {
        let text = if self.source == "base" { base } else { input };
        out.human_message(text, self.offset, &self.message)
    }
}

/// One JSON line: `{"base","input","valid", FIELD}` or `{..., "error"}`.
struct Line<'a> {
    base: &'a str,
    input: Cow<'a, str>,
    field: &'static str,
    result: Result<&'a str, &'a OperationError>,
}

impl Serialize for Line<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("base", self.base)?;
        map.serialize_entry("input", &self.input)?;
        map.serialize_entry("valid", &self.result.is_ok())?;
        match self.result {
            Ok(text) => map.serialize_entry(self.field, text)?,
            Err(error) => map.serialize_entry("error", error)?,
        }
        map.end()
    }
}

/// Answers each input (the arguments, or stdin lines) with `operation`: the
/// resulting reference on one line, or the error. With `json`, the result
/// goes in the field named `field`. Returns whether every input succeeded.
pub fn each_against_base(
    base: &[u8],
    inputs: &[OsString],
    json: bool,
    field: &'static str,
    mut operation: impl FnMut(&[u8]) -> Result<UriRefBuf, OperationError>,
) -> io::Result<bool> {
    let base_text = lossy(base);
    let mut out = Output::new();
    let all_valid = each_ref(inputs, |input| {
        let result = operation(input);
        if json {
            out.json(&Line {
                base: &base_text,
                input: lossy(input),
                field,
                result: result.as_ref().map(UriRefBuf::as_str),
            })?;
        } else {
            match &result {
                Ok(uri) => writeln!(out.out, "{uri}")?,
                Err(error) => error.human(&mut out, base, input)?,
            }
        }
        Ok(result.is_ok())
    })?;
    out.finish()?;
    Ok(all_valid)
}
