//! Adversarial shapes of any size, with no dependencies: shared by the 1 MiB
//! tests (`adversarial.rs`, `limits.rs`) and the instruction-count script
//! (`scripts/linear-time`), which includes this file.

/// Inputs of at least `size` bytes in each shape that stresses a parser:
/// the shapes (long segments, `../` chains, repeated `@`, `[` plus
/// `1:` repeated, a long query, a long scheme) and the authority shapes
/// where a careless parser backtracks (a userinfo that looks like a host and
/// port until its `@`).
pub fn huge_inputs(size: usize) -> Vec<(&'static str, Vec<u8>)> {
    let fill = |prefix: &str, unit: &str, suffix: &str| {
        let count = size
            .saturating_sub(prefix.len() + suffix.len())
            .div_ceil(unit.len());
        [prefix, &unit.repeat(count), suffix].concat().into_bytes()
    };
    vec![
        ("long segment", fill("http://h/", "a", "")),
        ("many segments", fill("http://h", "/a", "")),
        ("dot-dot chain", fill("", "../", "")),
        ("at-signs in a path", fill("", "@", "")),
        ("at-signs in an authority", fill("http://", "@", "")),
        ("bracket and 1: repeated", fill("http://[", "1:", "")),
        ("brackets repeated", fill("http://", "[", "")),
        ("query", fill("http://h/?", "q=1&", "")),
        ("fragment", fill("http://h/#", "f/?", "")),
        ("scheme", fill("", "a", ":")),
        ("no colon after scheme letters", fill("", "a", "")),
        ("reg-name", fill("http://", "a", "/")),
        ("userinfo", fill("http://", "a:", "@h/")),
        ("colons and digits, no at-sign", fill("http://a", ":1", "")),
        ("port digits", fill("http://h:", "1", "/")),
        ("percent escapes", fill("/", "%41", "")),
        ("percent signs", fill("/", "%", "")),
        ("IPvFuture", fill("http://[v1.", "x", "]/")),
    ]
}
