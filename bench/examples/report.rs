//! Writes BENCHMARKS.md (to standard output) from criterion's results in
//! `target/criterion`, the accepted-line counts it computes itself, and a
//! timing of the `uri` binary over the corpora through a pipe.
//!
//! `bench/run.sh` runs the benches first, then this. Flags:
//! `--uri PATH` (the release binary, default `target/release/uri`),
//! `--criterion DIR` (default `target/criterion`), `--rounds N` (of the
//! interleaved measurement), `--targets-only` (stop after the targets: a
//! quick check of the ratios while tuning, without criterion's run),
//! `--only WORKLOAD` (measure only that workload's target in turns).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use bench::peers::{libraries, Library};
use bench::workloads::Workload;
use bench::{corpora, Corpus};

/// The strict peers: RFC 3986 parsers whose accepted lines must match ours.
const STRICT: [&str; 2] = ["fluent-uri", "iri-string"];
const THIS: &str = "rfc3986";
const ALL: &str = "all";

/// Criterion's medians: (group, function, dataset) -> ns per iteration.
type Medians = BTreeMap<(String, String, String), f64>;

fn read_medians(root: &Path) -> Medians {
    let mut out = Medians::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n == "new") {
                    if let Some(((g, f, v), ns)) = read_one(&path) {
                        out.insert((g, f, v), ns);
                    }
                } else {
                    stack.push(path);
                }
            }
        }
    }
    out
}

fn read_one(dir: &Path) -> Option<((String, String, String), f64)> {
    let json = |name: &str| -> Option<serde_json::Value> {
        serde_json::from_str(&fs::read_to_string(dir.join(name)).ok()?).ok()
    };
    let id = json("benchmark.json")?;
    let est = json("estimates.json")?;
    let s = |v: &serde_json::Value| v.as_str().map(str::to_owned);
    Some((
        (
            s(&id["group_id"])?,
            s(&id["function_id"])?,
            s(&id["value_str"])?,
        ),
        est["median"]["point_estimate"].as_f64()?,
    ))
}

/// One measured cell: time for the whole input, and its size.
#[derive(Clone, Copy)]
struct Cell {
    ns: f64,
    units: usize,
    bytes: usize,
}

impl Cell {
    fn ns_per_unit(self) -> f64 {
        self.ns / self.units as f64
    }

    fn mb_per_s(self) -> f64 {
        self.bytes as f64 / self.ns * 1e3
    }
}

/// The cells of one workload: (library, dataset) -> cell, with the `all`
/// column summed over the real datasets.
fn cells(
    medians: &Medians,
    workload: Workload,
    corpora: &[Corpus],
    names: &[&str],
) -> BTreeMap<(String, String), Cell> {
    let mut out = BTreeMap::new();
    for corpus in corpora {
        let input = workload.inputs(corpus);
        let (units, bytes) = (input.lines.len() * workload.units_per_line(), input.bytes());
        for name in names {
            let key = (
                workload.group().to_owned(),
                (*name).to_owned(),
                corpus.name.clone(),
            );
            if let Some(&ns) = medians.get(&key) {
                out.insert(
                    (name.to_string(), corpus.name.clone()),
                    Cell { ns, units, bytes },
                );
            }
        }
    }
    let real: Vec<&Corpus> = corpora.iter().filter(|c| c.name != "generated").collect();
    for name in names {
        let parts: Vec<Cell> = real
            .iter()
            .filter_map(|c| out.get(&(name.to_string(), c.name.clone())).copied())
            .collect();
        if !real.is_empty() && parts.len() == real.len() {
            let sum = parts.iter().fold(
                Cell {
                    ns: 0.0,
                    units: 0,
                    bytes: 0,
                },
                |a, c| Cell {
                    ns: a.ns + c.ns,
                    units: a.units + c.units,
                    bytes: a.bytes + c.bytes,
                },
            );
            out.insert((name.to_string(), ALL.to_owned()), sum);
        }
    }
    out
}

fn columns(corpora: &[Corpus]) -> Vec<String> {
    let mut cols: Vec<String> = corpora.iter().map(|c| c.name.clone()).collect();
    if corpora.iter().any(|c| c.name != "generated") {
        cols.push(ALL.to_owned());
    }
    cols
}

/// A table's header: the left-aligned `left` titles, then one right-aligned
/// column per name in `cols`.
fn header(md: &mut String, left: &[&str], cols: &[String]) {
    md.push('|');
    for title in left {
        let _ = write!(md, " {title} |");
    }
    for c in cols {
        let _ = write!(md, " {c} |");
    }
    md.push_str("\n|");
    for _ in left {
        md.push_str("---|");
    }
    for _ in cols {
        md.push_str("---:|");
    }
    md.push('\n');
}

fn why_not(lib: &Library, workload: Workload) -> &'static str {
    match workload {
        Workload::Resolve => lib.resolve.why_not(),
        Workload::ResolveBase => lib.resolve_base.why_not(),
        Workload::Normalize => lib.normalize.why_not(),
        Workload::Build => lib.build.why_not(),
        _ => "",
    }
}

fn table(
    md: &mut String,
    medians: &Medians,
    workload: Workload,
    corpora: &[Corpus],
    libs: &[Library],
) {
    let names: Vec<&str> = libs.iter().map(|l| l.name).collect();
    let cells = cells(medians, workload, corpora, &names);
    let cols = columns(corpora);
    let unit = if workload == Workload::ResolveBase {
        "ns/resolution"
    } else {
        "ns/URL"
    };
    header(md, &["library"], &cols);
    for lib in libs {
        let _ = write!(md, "| {} |", lib.name);
        let measured = cols
            .iter()
            .any(|col| cells.contains_key(&(lib.name.to_owned(), col.clone())));
        if !measured {
            // One note in the first column: not measured, and why.
            let why = why_not(lib, workload);
            let _ = write!(
                md,
                " *{}* |",
                if why.is_empty() { "not measured" } else { why }
            );
            for _ in 1..cols.len() {
                md.push_str(" |");
            }
            md.push('\n');
            continue;
        }
        for col in &cols {
            let Some(cell) = cells.get(&(lib.name.to_owned(), col.clone())) else {
                md.push_str(" |");
                continue;
            };
            // The ratio is to this library, or to the fastest measured one
            // while this library's cell is pending (marked "best").
            let reference = cells.get(&(THIS.to_owned(), col.clone())).copied();
            let (base, mark) = match reference {
                Some(r) => (r.ns, ""),
                None => (
                    names
                        .iter()
                        .filter_map(|n| cells.get(&(n.to_string(), col.clone())))
                        .map(|c| c.ns)
                        .fold(f64::INFINITY, f64::min),
                    " best",
                ),
            };
            let _ = write!(
                md,
                " {:.1} {unit} · {:.0} MB/s · {:.2}×{mark} |",
                cell.ns_per_unit(),
                cell.mb_per_s(),
                cell.ns / base
            );
        }
        md.push('\n');
    }
    md.push('\n');
}

fn floor_table(md: &mut String, medians: &Medians, corpora: &[Corpus]) {
    let cells = cells(medians, Workload::Floor, corpora, &["floor"]);
    let parse = cells_for(medians, Workload::Validate, corpora);
    let cols = columns(corpora);
    header(md, &[""], &cols);
    md.push_str("| byte-class floor |");
    for col in &cols {
        match cells.get(&("floor".to_owned(), col.clone())) {
            Some(c) => {
                let _ = write!(
                    md,
                    " {:.1} ns/URL · {:.0} MB/s |",
                    c.ns_per_unit(),
                    c.mb_per_s()
                );
            }
            None => md.push_str(" |"),
        }
    }
    let _ = write!(md, "\n| rfc3986 validate ÷ floor |");
    for col in &cols {
        match (
            parse.get(&(THIS.to_owned(), col.clone())),
            cells.get(&("floor".to_owned(), col.clone())),
        ) {
            (Some(p), Some(f)) => {
                let _ = write!(md, " {:.2}× |", p.ns / f.ns);
            }
            _ => md.push_str(" |"),
        }
    }
    md.push_str("\n\n");
}

fn cells_for(
    medians: &Medians,
    workload: Workload,
    corpora: &[Corpus],
) -> BTreeMap<(String, String), Cell> {
    let libs = libraries();
    let names: Vec<&str> = libs.iter().map(|l| l.name).collect();
    cells(medians, workload, corpora, &names)
}

/// The targets of issue 5: a workload, the library compared with, the
/// limit on all real datasets together and on each one.
const TARGETS: [(&str, Workload, &str, f64, f64); 6] = [
    (
        "parse + validate",
        Workload::Validate,
        "fluent-uri",
        0.5,
        0.67,
    ),
    ("parse + validate", Workload::Validate, "floor", 2.5, 2.5),
    (
        "parse + components",
        Workload::Components,
        "fluent-uri",
        0.5,
        0.5,
    ),
    (
        "one resolution (line as base, section 5.4.1 references)",
        Workload::ResolveBase,
        "oxiri",
        0.67,
        0.67,
    ),
    (
        "one resolution (line against a fixed base)",
        Workload::Resolve,
        "oxiri",
        0.67,
        0.67,
    ),
    (
        "parse + normalize",
        Workload::Normalize,
        "fluent-uri",
        0.5,
        0.5,
    ),
];

/// The target ratios, from criterion's medians and from the interleaved
/// measurement; the verdict follows the interleaved one.
fn targets(md: &mut String, criterion: &Medians, interleaved: &Medians, corpora: &[Corpus]) {
    // The floor is a pass of its own, in the `floor` group.
    let cell = |medians: &Medians, workload: Workload, name: &str, col: &str| {
        let workload = if name == "floor" {
            Workload::Floor
        } else {
            workload
        };
        cells(medians, workload, corpora, &[name])
            .get(&(name.to_owned(), col.to_owned()))
            .copied()
    };
    let ratio = |medians: &Medians, workload: Workload, other: &str, col: &str| {
        let this = cell(medians, workload, THIS, col)?;
        let other = cell(medians, workload, other, col)?;
        Some(this.ns / other.ns)
    };
    let show = |r: Option<f64>| r.map_or("-".to_owned(), |r| format!("{r:.2}"));
    let verdict = |r: Option<f64>, limit: f64| match r {
        Some(r) if r <= limit => "met".to_owned(),
        Some(_) => "**not met**".to_owned(),
        None => "not measured".to_owned(),
    };
    md.push_str(
        "| target (rfc3986 time ÷ other time) | dataset | limit | criterion | interleaved | verdict |\n\
         |---|---|---:|---:|---:|---|\n",
    );
    // The targets are about the real datasets; the generated corpus, with
    // its overweight of IP literals, userinfo and escapes, is shown only
    // for information when real ones are there.
    let real = corpora.iter().any(|c| c.name != "generated");
    for (title, workload, other, limit_all, limit_each) in TARGETS {
        for col in columns(corpora) {
            let limit = if col == ALL { limit_all } else { limit_each };
            let i = ratio(interleaved, workload, other, &col);
            let verdict = if real && col == "generated" {
                "(not a target dataset)".to_owned()
            } else {
                verdict(i, limit)
            };
            let other = if other == "floor" {
                "byte-class floor"
            } else {
                other
            };
            let _ = writeln!(
                md,
                "| {title} ÷ {other} | {col} | {limit} | {} | {} | {verdict} |",
                show(ratio(criterion, workload, other, &col)),
                show(i),
            );
        }
    }
    md.push('\n');
}

/// What the normalize workload does in each library, against RFC 3986
/// sections 6.2.2 and 6.2.3 (checked by `bench/tests/adapters.rs`).
const NORMALIZE: &str = "The normal form of each line, as each library's normalization gives it. \
rfc3986 returns an input that is already normal borrowed, without allocating \
(its `Normalized`); every other library builds a new string each time. What each \
does of RFC 3986 section 6.2.2 (case, percent-encoding, dot segments) and 6.2.3 \
(scheme-based: default port, empty path):\n\n\
| library | 6.2.2.1 case | 6.2.2.2 percent-encoding | 6.2.2.3 dot segments | default port (6.2.3) | empty path to `/` (6.2.3) | empty port (3.2.3) | IPv6 text |\n\
|---|---|---|---|---|---|---|---|\n\
| rfc3986 (`Normalizer::new().ipv6_canonical()`) | yes | yes | yes, `%2E` counted; relative-path references keep theirs | removed, 18 schemes | http, https, ws, wss, ftp, coap, coaps | removed | RFC 5952 (the option, as fluent-uri) |\n\
| fluent-uri | yes | yes | yes, `%2E` counted, for a scheme and an absolute path | removed, its scheme list | no | removed | RFC 5952 |\n\
| iri-string | yes | yes | yes | kept | no | removed | as written, lower case |\n\
| uriparse | yes | yes | yes | kept | written `/` (its serialization) | removed | RFC 5952 (parsed) |\n\
| url (WHATWG, not RFC 3986) | yes, and IDNA | no: escapes kept as written | yes, `%2e` counted | removed, special schemes | special schemes | removed | RFC 5952 |\n\
| rhymuri | yes | decodes and re-encodes everything | yes | kept | written `/` | removed | as written |\n\
\n\
iri-string normalizes URIs only (a relative reference is rejected; every valid line of the real datasets has a scheme).";

/// Rounds of the interleaved measurement.
const ROUNDS: usize = 21;

/// The passes of the interleaved measurement: both sides of each target.
const TURNS: [(Workload, &str); 11] = [
    (Workload::Validate, THIS),
    (Workload::Validate, "fluent-uri"),
    (Workload::Components, THIS),
    (Workload::Components, "fluent-uri"),
    (Workload::ResolveBase, THIS),
    (Workload::ResolveBase, "oxiri"),
    (Workload::Resolve, THIS),
    (Workload::Resolve, "oxiri"),
    (Workload::Normalize, THIS),
    (Workload::Normalize, "fluent-uri"),
    (Workload::Floor, "floor"),
];

/// The target workloads measured in turns: every round times each pass
/// once on each dataset (the fastest of three runs over its inputs), and
/// the median over the rounds is kept. Load from other work on the machine
/// then falls on all of them alike, which criterion's one-after-another
/// runs cannot promise.
fn interleaved(corpora: &[Corpus], rounds: usize, only: Option<&str>) -> Medians {
    let libs = libraries();
    let pick = |name: &str| libs.iter().find(|l| l.name == name).expect("library");
    type Pass<'a> = (Workload, &'static str, Box<dyn Fn(&str) -> bool + 'a>);
    let passes: Vec<Pass<'_>> = TURNS
        .into_iter()
        .filter(|(workload, _)| only.is_none_or(|g| g == workload.group()))
        .map(|(workload, name)| -> Pass<'_> {
            let f: Box<dyn Fn(&str) -> bool> = match workload {
                Workload::Floor => Box::new(|l: &str| bench::floor::scan(l.as_bytes())),
                Workload::Validate => Box::new(pick(name).validate),
                Workload::Components => {
                    let f = pick(name).components;
                    Box::new(move |l| f(l).is_some())
                }
                Workload::Resolve => {
                    let f = pick(name).resolve.get().expect("resolve");
                    Box::new(move |l| f(l).is_some())
                }
                Workload::ResolveBase => {
                    let f = pick(name).resolve_base.get().expect("resolve-base");
                    Box::new(move |l| f(l).is_some())
                }
                Workload::Normalize => {
                    let f = pick(name).normalize.get().expect("normalize");
                    Box::new(move |l| f(l).is_some())
                }
                Workload::Build => unreachable!("build is not a target"),
            };
            (workload, name, f)
        })
        .collect();
    let inputs: BTreeMap<(&str, String), Corpus> = corpora
        .iter()
        .flat_map(|c| {
            Workload::ALL
                .into_iter()
                .filter(|w| *w != Workload::Build)
                .map(move |w| ((w.group(), c.name.clone()), w.inputs(c)))
        })
        .collect();
    let mut times: BTreeMap<(String, String, String), Vec<f64>> = BTreeMap::new();
    for _ in 0..rounds {
        for corpus in corpora {
            for (workload, name, f) in &passes {
                let lines = &inputs[&(workload.group(), corpus.name.clone())].lines;
                let mut best = f64::INFINITY;
                for _ in 0..3 {
                    let start = Instant::now();
                    let mut n = 0usize;
                    for &line in lines {
                        n += usize::from(f(std::hint::black_box(line)));
                    }
                    std::hint::black_box(n);
                    best = best.min(start.elapsed().as_secs_f64() * 1e9);
                }
                times
                    .entry((
                        workload.group().to_owned(),
                        name.to_string(),
                        corpus.name.clone(),
                    ))
                    .or_default()
                    .push(best);
            }
        }
    }
    times
        .into_iter()
        .map(|(k, mut v)| {
            v.sort_by(f64::total_cmp);
            (k, v[v.len() / 2])
        })
        .collect()
}

fn interleaved_table(md: &mut String, medians: &Medians, corpora: &[Corpus]) {
    let cols = columns(corpora);
    header(
        md,
        &["ns/URL (ns/resolution for resolve-base)", "workload"],
        &cols,
    );
    for (workload, name) in TURNS {
        let cells = cells(medians, workload, corpora, &[name]);
        let _ = write!(md, "| {name} | {} |", workload.group());
        for col in &cols {
            match cells.get(&(name.to_owned(), col.clone())) {
                Some(c) => {
                    let _ = write!(md, " {:.1} |", c.ns_per_unit());
                }
                None => md.push_str(" |"),
            }
        }
        md.push('\n');
    }
    md.push('\n');
}

/// The columns of the growing-sizes table: criterion group, function.
const SIZE_COLUMNS: [(&str, &str, &str); 7] = [
    ("sizes", "rfc3986", "parse rfc3986"),
    ("sizes", "fluent-uri", "parse fluent-uri"),
    ("sizes", "floor", "floor"),
    ("sizes-resolve", "rfc3986", "resolve rfc3986"),
    ("sizes-resolve", "fluent-uri", "resolve fluent-uri"),
    ("sizes-normalize", "rfc3986", "normalize rfc3986"),
    ("sizes-normalize", "fluent-uri", "normalize fluent-uri"),
];

fn sizes(md: &mut String, medians: &Medians) {
    let mut rows: BTreeMap<usize, BTreeMap<(String, String), f64>> = BTreeMap::new();
    for ((g, f, v), ns) in medians {
        if SIZE_COLUMNS.iter().any(|(group, _, _)| group == g) {
            if let Ok(size) = v.parse::<usize>() {
                rows.entry(size)
                    .or_default()
                    .insert((g.clone(), f.clone()), ns / size as f64);
            }
        }
    }
    if rows.is_empty() {
        md.push_str("(not run)\n\n");
        return;
    }
    md.push_str("| input bytes |");
    for (_, _, title) in SIZE_COLUMNS {
        let _ = write!(md, " {title} ns/byte |");
    }
    md.push_str("\n|---:|");
    for _ in SIZE_COLUMNS {
        md.push_str("---:|");
    }
    md.push('\n');
    for (size, row) in &rows {
        let _ = write!(md, "| {size} |");
        for (group, function, _) in SIZE_COLUMNS {
            match row.get(&(group.to_owned(), function.to_owned())) {
                Some(v) => {
                    let _ = write!(md, " {v:.3} |");
                }
                None => md.push_str(" |"),
            }
        }
        md.push('\n');
    }
    md.push('\n');
}

/// Accepted lines per library and dataset, and every line where this
/// library and a strict peer disagree.
fn acceptance(md: &mut String, corpora: &[Corpus], libs: &[Library]) {
    let cols = columns(corpora);
    header(md, &["library"], &cols);
    let _ = write!(md, "| lines |");
    let mut total = 0;
    for c in corpora {
        total += if c.name != "generated" {
            c.lines.len()
        } else {
            0
        };
        let _ = write!(md, " {} |", c.lines.len());
    }
    if cols.len() > corpora.len() {
        let _ = write!(md, " {total} |");
    }
    md.push('\n');
    for lib in libs {
        let _ = write!(md, "| {} |", lib.name);
        let mut total = 0;
        for c in corpora {
            let n = c.lines.iter().filter(|l| (lib.validate)(l)).count();
            if c.name != "generated" {
                total += n;
            }
            let _ = write!(md, " {n} |");
        }
        if cols.len() > corpora.len() {
            let _ = write!(md, " {total} |");
        }
        md.push('\n');
    }
    md.push('\n');

    let this = libs.iter().find(|l| l.name == THIS).expect("rfc3986");
    let mut disagreements = Vec::new();
    for c in corpora {
        for line in &c.lines {
            let ours = (this.validate)(line);
            for peer in libs.iter().filter(|l| STRICT.contains(&l.name)) {
                if (peer.validate)(line) != ours {
                    disagreements.push((c.name.clone(), peer.name, *line, ours));
                }
            }
        }
    }
    if disagreements.is_empty() {
        let _ = writeln!(
            md,
            "Disagreements with the strict peers ({}): **none**, on every dataset above.\n",
            STRICT.join(", ")
        );
    } else {
        md.push_str("Disagreements with the strict peers, and the RFC rule that decides each:\n\n");
        md.push_str("| dataset | peer | line | rfc3986 | rule |\n|---|---|---|---|---|\n");
        for (dataset, peer, line, ours) in disagreements {
            let rule = match rfc3986::UriRef::parse(line) {
                Ok(_) => "valid URI-reference (section 4.1)".to_owned(),
                Err(e) => format!("{} at {}: {}", e.kind().name(), e.offset(), e.kind().rule()),
            };
            let shown: String = line.escape_debug().take(80).collect();
            let _ = writeln!(
                md,
                "| {dataset} | {peer} | `{shown}` | {} | {rule} |",
                if ours { "accepts" } else { "rejects" }
            );
        }
        md.push('\n');
    }
}

/// Lines per second of `uri SUBCOMMAND [--json]` over each corpus, fed
/// through a pipe and read back through one; the median of five runs.
fn cli(md: &mut String, uri: &Path, corpora: &[Corpus]) {
    if !uri.is_file() {
        let _ = writeln!(md, "(`{}` not built)\n", uri.display());
        return;
    }
    let has = |sub: &str| {
        Command::new(uri)
            .args([sub, "--help"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let mut inputs: Vec<(String, String, usize)> = corpora
        .iter()
        .map(|c| {
            let mut text = c.lines.join("\n");
            text.push('\n');
            (c.name.clone(), text, c.lines.len())
        })
        .collect();
    let real: Vec<&Corpus> = corpora.iter().filter(|c| c.name != "generated").collect();
    if !real.is_empty() {
        let mut text = String::new();
        let mut n = 0;
        for c in real {
            for l in &c.lines {
                text.push_str(l);
                text.push('\n');
            }
            n += c.lines.len();
        }
        inputs.push((ALL.to_owned(), text, n));
    }
    md.push_str("| command | dataset | lines | median time | lines/s | MB/s in |\n");
    md.push_str("|---|---|---:|---:|---:|---:|\n");
    for args in [&["parse", "--json"][..], &["normalize"][..]] {
        if !has(args[0]) {
            let _ = writeln!(
                md,
                "| `uri {}` | | | *not implemented yet* | | |",
                args.join(" ")
            );
            continue;
        }
        for (name, text, lines) in &inputs {
            let mut times: Vec<f64> = (0..5).map(|_| time_pipe(uri, args, text)).collect();
            times.sort_by(f64::total_cmp);
            let t = times[2];
            let _ = writeln!(
                md,
                "| `uri {}` | {name} | {lines} | {:.1} ms | {:.0} | {:.0} |",
                args.join(" "),
                t * 1e3,
                *lines as f64 / t,
                text.len() as f64 / t / 1e6
            );
        }
    }
    md.push('\n');
}

fn time_pipe(uri: &Path, args: &[&str], text: &str) -> f64 {
    let start = Instant::now();
    let mut child = Command::new(uri)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run uri");
    let mut stdin = child.stdin.take().expect("stdin");
    let owned = text.to_owned();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(owned.as_bytes());
    });
    let mut out = child.stdout.take().expect("stdout");
    let mut buf = vec![0u8; 1 << 16];
    while out.read(&mut buf).is_ok_and(|n| n > 0) {}
    let _ = child.wait();
    let _ = writer.join();
    start.elapsed().as_secs_f64()
}

fn command_line(cmd: &str, args: &[&str]) -> String {
    Command::new(cmd)
        .args(args)
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default()
}

fn machine(md: &mut String) {
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".to_owned());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let _ = writeln!(md, "- CPU: {cpu}, {cores} cores (shared with other work)");
    let _ = writeln!(md, "- {}", command_line("rustc", &["--version"]));
    let _ = writeln!(md, "- {}", command_line("uname", &["-srm"]));
    let _ = writeln!(
        md,
        "- Date: {}",
        command_line("date", &["-u", "+%Y-%m-%d %H:%M UTC"])
    );
    md.push('\n');
}

fn main() {
    let mut args = std::env::args().skip(1);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut uri = root.join("target/release/uri");
    let mut criterion = root.join("target/criterion");
    let mut rounds = ROUNDS;
    let mut targets_only = false;
    let mut only = None;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--uri" => uri = PathBuf::from(args.next().expect("--uri PATH")),
            "--criterion" => criterion = PathBuf::from(args.next().expect("--criterion DIR")),
            "--rounds" => {
                rounds = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--rounds N")
            }
            "--targets-only" => targets_only = true,
            "--only" => only = Some(args.next().expect("--only WORKLOAD")),
            _ => panic!("unknown argument {a}"),
        }
    }
    let corpora = corpora();
    let medians = read_medians(&criterion);
    let libs = libraries();
    let mut md = String::new();

    md.push_str(include_str!("report_head.md"));
    md.push_str("\n## Machine\n\n");
    machine(&mut md);
    md.push_str(
        "## Datasets\n\n| dataset | lines | bytes | avg bytes/line |\n|---|---:|---:|---:|\n",
    );
    for c in &corpora {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {:.1} |",
            c.name,
            c.lines.len(),
            c.bytes(),
            c.bytes() as f64 / c.lines.len().max(1) as f64
        );
    }
    let turns = interleaved(&corpora, rounds, only.as_deref());
    md.push_str("\n## Targets (issue 5)\n\n");
    let _ = writeln!(
        md,
        "Ratios from criterion's medians (the tables below) and from an interleaved \
         measurement: {rounds} rounds, each timing both sides of every target in turn \
         on every dataset (fastest of three passes), median over the rounds. \
         The verdict follows the interleaved ratio, which load from other work on the \
         machine disturbs least.\n"
    );
    targets(&mut md, &medians, &turns, &corpora);
    interleaved_table(&mut md, &turns, &corpora);
    if targets_only {
        print!("{md}");
        return;
    }
    for (workload, title, what) in [
        (Workload::Validate, "Parse + validate", "each line as a URI-reference; `url` and `http` use their own (non-RFC 3986) grammars."),
        (Workload::Components, "Parse + read every component", "scheme, userinfo, host, port, path, query, fragment as each library offers them (oxiri: authority unsplit; http: no fragment)."),
        (Workload::Resolve, "Resolve each line against a fixed base", "`http://a/b/c/d;p?q` (section 5.4); parsing the line is included."),
        (Workload::ResolveBase, "Each line as the base of the 23 references of section 5.4.1", "Time per resolution; parsing the base is included, the references are parsed once beforehand (oxiri and url take them as text and parse them each time). Inputs: the lines that are absolute URIs. On the generated corpus fluent-uri, oxiri and iri-string give the same targets as rfc3986 (`bench/tests/adapters.rs`), except that fluent-uri refuses a base with a rootless path (`node:url`, `mailto:x`) and stops at the first reference."),
        (Workload::Normalize, "Parse + normalize", NORMALIZE),
        (Workload::Build, "Build from components", "Components split once beforehand; each library builds a reference from them, checking or encoding each. rfc3986's `Builder` takes text and percent-encodes each component with its own set, so it gets the components decoded (the path as decoded segments); fluent-uri, iri-string, uriparse and http take them as written and check them; rhymuri takes them decoded, like rfc3986 (http: no fragment and no empty authority, so it fails those lines). Inputs: the valid lines whose components decode to UTF-8."),
    ] {
        let _ = writeln!(md, "## {title}\n\n{what}\n");
        table(&mut md, &medians, workload, &corpora, &libs);
    }
    md.push_str("## Floor: one byte-class table lookup per byte\n\n");
    floor_table(&mut md, &medians, &corpora);
    md.push_str(
        "## Work per byte over growing inputs\n\n\
         One reference whose path and query grow from 100 bytes to 10 MB \
         (`bench/benches/sizes.rs`): parse a URI; resolve a relative reference \
         full of `.` and `..` segments against `http://a/b/c/d;p?q`; normalize a URI \
         that changes throughout (case, default port, escapes, dot segments). Flat \
         columns mean linear time.\n\n",
    );
    sizes(&mut md, &medians);
    md.push_str("## Accepted lines\n\n");
    acceptance(&mut md, &corpora, &libs);
    md.push_str("## The `uri` command through a pipe\n\n");
    cli(&mut md, &uri, &corpora);
    print!("{md}");
}
