//! Corpora: one URL per line, loaded once and kept for the whole process.

use std::env;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The environment variable naming the datasets: a directory (its `*.txt`
/// files), a file, or several of either separated by `:`.
pub const DATA_VAR: &str = "RFC3986_BENCH_DATA";

/// One named list of lines, every line a candidate URI-reference.
#[derive(Debug)]
pub struct Corpus {
    /// The file stem (`kasztp`) or `generated`.
    pub name: String,
    /// The lines, `\n` and a trailing `\r` removed. Leaked on purpose: the
    /// process benchmarks them until it exits.
    pub lines: Vec<&'static str>,
}

impl Corpus {
    /// Builds a corpus from text, one reference per line. A final newline
    /// ends the last line rather than starting an empty one.
    pub fn from_text(name: impl Into<String>, text: String) -> Corpus {
        let text: &'static str = Box::leak(text.into_boxed_str());
        let body = text.strip_suffix('\n').unwrap_or(text);
        let lines = if body.is_empty() && text.is_empty() {
            Vec::new()
        } else {
            body.split('\n')
                .map(|l| l.strip_suffix('\r').unwrap_or(l))
                .collect()
        };
        Corpus {
            name: name.into(),
            lines,
        }
    }

    /// Reads a file. Bytes that are not UTF-8 become U+FFFD (every library
    /// here takes `&str`), which makes the line invalid for all of them.
    pub fn from_file(path: &Path) -> io::Result<Corpus> {
        let bytes = fs::read(path)?;
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        let name = path.file_stem().map_or_else(
            || path.display().to_string(),
            |s| s.to_string_lossy().into_owned(),
        );
        Ok(Corpus::from_text(name, text))
    }

    /// Total bytes of the lines, without line ends: the throughput unit.
    pub fn bytes(&self) -> usize {
        self.lines.iter().map(|l| l.len()).sum()
    }

    /// The lines that `keep` accepts, as a new corpus with the same name.
    pub fn filter(&self, keep: impl Fn(&str) -> bool) -> Corpus {
        Corpus {
            name: self.name.clone(),
            lines: self.lines.iter().copied().filter(|l| keep(l)).collect(),
        }
    }

    /// A deterministic mix of the shapes real lists have (http links with
    /// queries, file paths, IP hosts, userinfo, relative references, URNs)
    /// and a few invalid lines, about 60 bytes a line.
    pub fn generated() -> Corpus {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut text = String::new();
        for i in 0..4000 {
            generated_line(&mut rng, i, &mut text);
            text.push('\n');
        }
        Corpus::from_text("generated", text)
    }
}

/// xorshift64: enough to vary the shapes, and the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const WORDS: &[&str] = &[
    "index",
    "api",
    "v2",
    "users",
    "search",
    "docs",
    "static",
    "img",
    "2023",
    "en-US",
    "node_modules",
    "lib",
    "src",
    "test",
    "a~b",
    "caf%C3%A9",
    "item(1)",
    "q=1",
    "~user",
];
const HOSTS: &[&str] = &[
    "example.com",
    "www.example.org",
    "cdn.static-files.net",
    "192.0.2.16",
    "[2001:db8::7]",
    "[::ffff:10.0.0.1]",
    "localhost",
    "xn--caf-dma.example",
    "sub.domain.co.uk",
];
const SCHEMES: &[&str] = &["http", "https", "https", "http", "ftp", "ws"];

fn push_path(rng: &mut Rng, text: &mut String, max: usize) {
    for _ in 0..1 + rng.below(max) {
        text.push('/');
        text.push_str(rng.pick(WORDS));
    }
}

fn generated_line(rng: &mut Rng, i: usize, text: &mut String) {
    match rng.below(20) {
        0..=10 => {
            text.push_str(rng.pick(SCHEMES));
            text.push_str("://");
            if rng.below(12) == 0 {
                text.push_str("user:pa%24s@");
            }
            text.push_str(rng.pick(HOSTS));
            if rng.below(6) == 0 {
                text.push_str(":8080");
            }
            push_path(rng, text, 5);
            if rng.below(2) == 0 {
                text.push_str("?id=");
                text.push_str(&(rng.next() % 100_000).to_string());
                text.push_str("&utm_source=news%20letter&x=/a?b");
            }
            if rng.below(8) == 0 {
                text.push_str("#section-");
                text.push_str(&(i % 10).to_string());
            }
        }
        11..=13 => {
            text.push_str("file:///Users/dev");
            push_path(rng, text, 8);
            text.push_str(".js");
        }
        14 => text.push_str(rng.pick(&[
            "mailto:fred@example.com",
            "urn:isbn:0451450523",
            "node:url",
            "tel:+1-816-555-1212",
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        ])),
        15 | 16 => {
            text.push_str(rng.pick(&["", "..", ".", "//example.com"]));
            push_path(rng, text, 4);
            if rng.below(2) == 0 {
                text.push_str("?q=a+b");
            }
        }
        17 => {
            text.push_str("https://");
            text.push_str(rng.pick(HOSTS));
            text.push_str("/search?q=");
            for _ in 0..20 {
                text.push_str("%E2%9C%93");
            }
        }
        18 => text.push_str(rng.pick(&[
            "http://exa mple.com/",
            "http://example.com/a\\b",
            "http://example.com/%zz",
            "http://[::1/",
            "https://example.com/\"quoted\"",
            "http://example.com:80a/",
        ])),
        _ => {
            text.push_str("https://");
            text.push_str(rng.pick(HOSTS));
            text.push('/');
        }
    }
}

/// The default data directory: `shared/data/urls` beside the repository.
pub fn default_data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/urls")
}

/// The files named by [`DATA_VAR`], or the default directory's.
pub fn data_files() -> Vec<PathBuf> {
    let spec = env::var_os(DATA_VAR);
    let roots: Vec<PathBuf> = match &spec {
        Some(s) => env::split_paths(s).collect(),
        None => vec![default_data_dir()],
    };
    let mut files = Vec::new();
    for root in roots {
        if root.is_dir() {
            let mut found: Vec<PathBuf> = fs::read_dir(&root)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "txt"))
                .collect();
            found.sort();
            files.extend(found);
        } else if root.is_file() {
            files.push(root);
        } else if spec.is_some() {
            eprintln!(
                "{DATA_VAR}: {} is neither a file nor a directory",
                root.display()
            );
        }
    }
    files
}

/// The generated corpus, then every data file, in name order.
pub fn corpora() -> Vec<Corpus> {
    let mut all = vec![Corpus::generated()];
    for path in data_files() {
        match Corpus::from_file(&path) {
            Ok(c) => all.push(c),
            Err(e) => eprintln!("skipping {}: {e}", path.display()),
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_like_the_cli_reads_them() {
        let c = Corpus::from_text("t", "a\r\nb\n\nc".into());
        assert_eq!(c.lines, ["a", "b", "", "c"]);
        let c = Corpus::from_text("t", "a\n".into());
        assert_eq!(c.lines, ["a"]);
        assert!(Corpus::from_text("t", String::new()).lines.is_empty());
    }

    #[test]
    fn generated_corpus_is_mostly_valid_and_stable() {
        let c = Corpus::generated();
        let valid = c
            .lines
            .iter()
            .filter(|l| rfc3986::UriRef::parse(l).is_ok())
            .count();
        assert_eq!(c.lines.len(), 4000);
        assert!(valid > 3700 && valid < 4000, "{valid}");
        assert_eq!(c.lines, Corpus::generated().lines);
    }
}
