//! The floor: the least work a validating parser that reads one byte at a
//! time must do, one 256-entry table lookup for every byte of every line,
//! with no structure at all.
//!
//! It answers "are all bytes of this line allowed somewhere in a
//! URI-reference" (`unreserved / reserved / "%"`), looking at every byte
//! even after a bad one so that its cost depends only on the length. A
//! byte-at-a-time parser must at least load each byte and classify it, so
//! the ratio of such a parser to this scan says how much its structure
//! costs on top. A parser that classifies several bytes at once (rfc3986
//! does, with SSE2 on x86_64) can go below it.

const fn build() -> [u8; 256] {
    let allowed: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789\
        -._~:/?#[]@!$&'()*+,;=%";
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < allowed.len() {
        t[allowed[i] as usize] = 1;
        i += 1;
    }
    t
}

static TABLE: [u8; 256] = build();

/// Whether every byte of `line` may appear in a URI-reference.
#[inline(never)]
pub fn scan(line: &[u8]) -> bool {
    let mut all = 1u8;
    for &b in line {
        all &= TABLE[b as usize];
    }
    all != 0
}

#[cfg(test)]
mod tests {
    #[test]
    fn scan_classifies_bytes() {
        assert!(super::scan(b"http://a/b?c#d%20"));
        assert!(super::scan(b""));
        assert!(!super::scan(b"http://a b/"));
        assert!(!super::scan("http://é/".as_bytes()));
    }
}
