//! `uri encode --component C [TEXT ...]` and `uri decode [TEXT ...]`:
//! percent-encoding with a component's character set, and decoding.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, Write};

use rfc3986::encoding::{self, CharSet};
use rfc3986::{BuildError, UriRefBuf};
use serde::Serialize;

use crate::input::each_ref;
use crate::report::{lossy, ErrorJson, Output};

/// A component whose character set `encode` uses.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum ComponentArg {
    /// Validated and lower-cased, never encoded.
    Scheme,
    /// unreserved / sub-delims / ":"
    Userinfo,
    /// A registered name: unreserved / sub-delims.
    Host,
    /// pchar / "/"
    Path,
    /// One path segment: pchar ("/" is encoded).
    Segment,
    /// The first segment of a relative path: pchar less ":".
    FirstSegment,
    /// pchar / "/" / "?"
    Query,
    /// pchar / "/" / "?"
    Fragment,
    /// Only unreserved characters stay.
    Unreserved,
}

impl ComponentArg {
    fn name(self) -> &'static str {
        match self {
            ComponentArg::Scheme => "scheme",
            ComponentArg::Userinfo => "userinfo",
            ComponentArg::Host => "host",
            ComponentArg::Path => "path",
            ComponentArg::Segment => "segment",
            ComponentArg::FirstSegment => "first-segment",
            ComponentArg::Query => "query",
            ComponentArg::Fragment => "fragment",
            ComponentArg::Unreserved => "unreserved",
        }
    }

    /// The set for every component but the scheme.
    fn set(self) -> Option<CharSet> {
        Some(match self {
            ComponentArg::Scheme => return None,
            ComponentArg::Userinfo => CharSet::USERINFO,
            ComponentArg::Host => CharSet::REG_NAME,
            ComponentArg::Path => CharSet::PATH,
            ComponentArg::Segment => CharSet::SEGMENT,
            ComponentArg::FirstSegment => CharSet::SEGMENT_NZ_NC,
            ComponentArg::Query => CharSet::QUERY,
            ComponentArg::Fragment => CharSet::FRAGMENT,
            ComponentArg::Unreserved => CharSet::UNRESERVED,
        })
    }
}

/// Percent-encode text for one component (upper-case hex, UTF-8 first).
///
/// Every '%' becomes %25 unless --pre-encoded is given, which keeps each
/// valid %XX as written. A scheme is not encoded: it is checked and written
/// in lower case. `--component host` encodes a registered name; IP literals
/// are for `uri build --host`.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    uri encode --component segment 'AC/DC'        # AC%2FDC\n  \
    uri encode --component query 'a=1&b=#'        # a=1&b=%23\n  \
    uri encode --component path --pre-encoded 'a%20b c'\n  \
    uri encode --json --component userinfo < names.txt")]
pub struct EncodeArgs {
    /// Whose character set to use.
    #[arg(long, value_enum)]
    component: ComponentArg,
    /// Keep valid %XX escapes in the input as they are (section 2.4).
    #[arg(long)]
    pre_encoded: bool,
    /// One JSON object per line: {"input","valid","component","encoded"}.
    #[arg(long)]
    json: bool,
    /// Texts to encode; standard input lines when none are given.
    #[arg(value_name = "TEXT")]
    texts: Vec<OsString>,
}

#[derive(Serialize)]
struct Encoded<'a> {
    input: Cow<'a, str>,
    valid: bool,
    component: &'static str,
    encoded: &'a str,
}

#[derive(Serialize)]
struct Decoded<'a> {
    input: Cow<'a, str>,
    valid: bool,
    decoded: &'a str,
}

#[derive(Serialize)]
struct Invalid<'a> {
    input: Cow<'a, str>,
    valid: bool,
    error: ErrorJson,
}

/// A scheme, lower-cased, or the kind, offset and message of why it is not
/// one. Non-UTF-8 bytes fail at the first of them or earlier, so replacing
/// them leaves the offset exact.
fn scheme(input: &[u8]) -> Result<String, (&'static str, usize, String)> {
    let built = UriRefBuf::builder().scheme(&*lossy(input)).build();
    built
        .map(|uri| uri.scheme().unwrap_or_default().to_owned())
        .map_err(|e: BuildError| (e.kind().name(), e.offset(), e.to_string()))
}

pub fn run_encode(args: EncodeArgs) -> io::Result<bool> {
    let mut out = Output::new();
    let all_valid = each_ref(&args.texts, |input| {
        let encoded: Result<Cow<'_, str>, _> = match args.component.set() {
            None => scheme(input).map(Cow::Owned),
            Some(set) if args.pre_encoded => Ok(encoding::encode_preserving_escapes(input, set)),
            Some(set) => Ok(encoding::encode(input, set)),
        };
        match (&encoded, args.json) {
            (Ok(text), true) => out.json(&Encoded {
                input: lossy(input),
                valid: true,
                component: args.component.name(),
                encoded: text,
            })?,
            (Ok(text), false) => writeln!(out.out, "{text}")?,
            (Err((kind, offset, message)), true) => out.json(&Invalid {
                input: lossy(input),
                valid: false,
                error: ErrorJson {
                    kind,
                    offset: *offset,
                    message: message.clone(),
                },
            })?,
            (Err((_, offset, message)), false) => out.human_message(input, *offset, message)?,
        }
        Ok(encoded.is_ok())
    })?;
    out.finish()?;
    Ok(all_valid)
}

/// Percent-decode text to UTF-8: every %XX becomes the byte it stands for.
///
/// An invalid or truncated escape (`%zz`, `%4`) is an error at its offset,
/// never dropped; so is a result that is not UTF-8.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    uri decode 'caf%C3%A9'                        # café\n  \
    uri decode --json < encoded.txt")]
pub struct DecodeArgs {
    /// One JSON object per line: {"input","valid","decoded"}.
    #[arg(long)]
    json: bool,
    /// Texts to decode; standard input lines when none are given.
    #[arg(value_name = "TEXT")]
    texts: Vec<OsString>,
}

pub fn run_decode(args: DecodeArgs) -> io::Result<bool> {
    let mut out = Output::new();
    let all_valid = each_ref(&args.texts, |input| {
        let decoded = encoding::decode_utf8(input);
        match (&decoded, args.json) {
            (Ok(text), true) => out.json(&Decoded {
                input: lossy(input),
                valid: true,
                decoded: text,
            })?,
            (Ok(text), false) => writeln!(out.out, "{text}")?,
            (Err(err), true) => out.json(&Invalid {
                input: lossy(input),
                valid: false,
                error: ErrorJson {
                    kind: err.kind().name(),
                    offset: err.offset(),
                    message: err.to_string(),
                },
            })?,
            (Err(err), false) => out.human_message(input, err.offset(), &err.to_string())?,
        }
        Ok(decoded.is_ok())
    })?;
    out.finish()?;
    Ok(all_valid)
}
