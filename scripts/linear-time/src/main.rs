//! `linear-time SHAPE SIZE`: builds the adversarial input SHAPE of SIZE bytes
//! and runs every parsing operation on it once, inside `measured`, the one
//! function whose instructions `scripts/linear-time.sh` counts. A SHAPE
//! that is a workload (`OPERATION: SHAPE`) of an operation that produces a
//! reference (resolve, relativize, normalize, build, set, encode, decode)
//! has its input built, then the operation runs once inside
//! `measured_workload`. `linear-time list` prints the shapes, then the
//! workloads.

use std::hash::{BuildHasher, RandomState};
use std::hint::black_box;

use rfc3986::{Rule, UriRef, UriRefBuf};

#[path = "../../../rfc3986/tests/common/shapes.rs"]
mod shapes;
#[path = "../../../rfc3986/tests/common/workloads.rs"]
mod workloads;

/// Every operation the library offers today, on one input.
#[inline(never)]
fn measured(input: &[u8]) -> usize {
    let mut sum = 0;
    for rule in [
        Rule::UriReference,
        Rule::Uri,
        Rule::AbsoluteUri,
        Rule::RelativeRef,
    ] {
        sum += UriRef::parse_bytes_as(input, rule).is_ok() as usize;
    }
    let text = std::str::from_utf8(input).unwrap_or("");
    sum += UriRef::parse(text).is_ok() as usize;
    sum += UriRefBuf::parse(text).is_ok() as usize;
    let Ok(u) = UriRef::parse(text) else {
        return sum;
    };
    sum += u.to_string().len() + u.to_owned().into_string().len();
    for part in [
        u.scheme(),
        u.authority(),
        u.userinfo(),
        u.host(),
        u.port(),
        u.query(),
        u.fragment(),
    ] {
        sum += part.map_or(0, str::len);
    }
    sum += u.host_parsed().is_some() as usize + u.port_number().is_ok() as usize;
    sum += u.segments().count();
    let decoded = [
        u.userinfo_decoded(),
        u.host_decoded(),
        Some(u.path_decoded()),
        u.query_decoded(),
        u.fragment_decoded(),
    ];
    for d in decoded.iter().flatten() {
        sum += d.to_bytes().len() + d.to_utf8().map_or(0, |s| s.len());
    }
    sum += u.check_invariants() as usize;
    sum += RandomState::new().hash_one(u) as usize & 1;
    sum
}

/// One operation that produces a reference, on its prepared input.
#[inline(never)]
fn measured_workload(run: &dyn Fn() -> usize) -> usize {
    run()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [list] if list == "list" => {
            for (name, _) in shapes::huge_inputs(16) {
                println!("{name}");
            }
            for w in workloads::workloads(16) {
                println!("{}", w.name);
            }
        }
        [shape, size] => {
            let size: usize = size.parse().expect("SIZE is a number of bytes");
            if let Some((_, input)) = shapes::huge_inputs(size)
                .into_iter()
                .find(|(name, _)| name == shape)
            {
                println!("{} {}", input.len(), black_box(measured(black_box(&input))));
                return;
            }
            let w = workloads::workloads(size)
                .into_iter()
                .find(|w| w.name == *shape)
                .expect("SHAPE is one of `linear-time list`");
            let prepared = (w.prepare)();
            let sum = black_box(measured_workload(black_box(&prepared.run)));
            println!("{} {sum}", prepared.input_len);
        }
        _ => {
            eprintln!("usage: linear-time list | linear-time SHAPE SIZE");
            std::process::exit(2);
        }
    }
}
