//! Where references come from: the arguments, or else one per line of
//! standard input, streamed in constant memory (one line held at a time).

use std::ffi::OsString;
use std::io::{self, BufRead};

/// Calls `f` on each reference in order and returns whether `f` found every
/// one valid. Stdin lines lose their `\n` and one trailing `\r`; nothing else
/// is trimmed, so surrounding spaces stay part of the input.
pub fn each_ref(
    args: &[OsString],
    mut f: impl FnMut(&[u8]) -> io::Result<bool>,
) -> io::Result<bool> {
    let mut all_valid = true;
    if !args.is_empty() {
        for arg in args {
            all_valid &= f(arg.as_encoded_bytes())?;
        }
        return Ok(all_valid);
    }
    let mut stdin = io::stdin().lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        if stdin.read_until(b'\n', &mut line)? == 0 {
            return Ok(all_valid);
        }
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        all_valid &= f(&line)?;
    }
}
