//! Bounded memory and stack on 1 MiB inputs of every adversarial shape:
//!
//! - every operation's peak heap is at most 4 times the input plus 64 KiB,
//!   counted by a global allocator that tracks each thread's live bytes;
//! - every operation runs in a thread with a 64 KiB stack (no recursion on
//!   the input, no large stack buffers).
//!
//! The operations are parsing and reading a reference (on the shapes of
//! `common/shapes.rs`), and those that produce one (on the workloads of
//! `common/workloads.rs`: resolve, relativize, normalize, equivalent,
//! build, the setters, encode and decode).
//!
//! Time is measured elsewhere, in instructions rather than seconds:
//! `scripts/linear-time.sh`.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hash::{BuildHasher, RandomState};

use rfc3986::{Rule, UriRef, UriRefBuf};

struct Counting;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn grow(bytes: usize) {
    let _ = LIVE.try_with(|live| {
        live.set(live.get() + bytes);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
    });
}

fn shrink(bytes: usize) {
    let _ = LIVE.try_with(|live| live.set(live.get().saturating_sub(bytes)));
}

// SAFETY: forwards to the system allocator unchanged; only counts bytes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grow(layout.size());
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        shrink(layout.size());
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // A moving realloc holds both blocks for a moment: count the peak so.
        grow(new_size);
        shrink(layout.size());
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The most heap `f` holds at once beyond what was live before it.
fn peak_heap<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let value = f();
    (PEAK.with(Cell::get) - base, value)
}

/// An operation on an input, with a small result.
type Operation = fn(&[u8]) -> usize;

/// Every operation the library offers today on one input, each named, with
/// its result reduced to something small so that the caller can drop it.
fn operations() -> Vec<(&'static str, Operation)> {
    fn text(input: &[u8]) -> &str {
        std::str::from_utf8(input).unwrap_or("")
    }
    fn parsed(input: &[u8]) -> Option<UriRef<'_>> {
        UriRef::parse_bytes(input).ok()
    }
    vec![
        ("parse_bytes_as, every rule", |i| {
            [
                Rule::UriReference,
                Rule::Uri,
                Rule::AbsoluteUri,
                Rule::RelativeRef,
            ]
            .into_iter()
            .filter(|&r| UriRef::parse_bytes_as(i, r).is_ok())
            .count()
        }),
        ("parse, every rule", |i| {
            let t = text(i);
            [
                UriRef::parse(t),
                UriRef::parse_uri(t),
                UriRef::parse_absolute_uri(t),
            ]
            .iter()
            .filter(|r| r.is_ok())
            .count()
        }),
        ("UriRefBuf::parse(&str)", |i| {
            UriRefBuf::parse(text(i)).is_ok() as usize
        }),
        ("UriRefBuf::parse(String)", |i| {
            let owned = text(i).to_owned();
            UriRefBuf::parse_as(owned, Rule::Uri).is_ok() as usize
        }),
        ("to_string", |i| {
            parsed(i).map_or(0, |u| u.to_string().len())
        }),
        ("to_owned, into_string", |i| {
            parsed(i).map_or(0, |u| u.to_owned().into_string().len())
        }),
        ("components", |i| {
            parsed(i).map_or(0, |u| {
                let lengths = [
                    u.scheme(),
                    u.authority(),
                    u.userinfo(),
                    u.host(),
                    u.port(),
                    Some(u.path()),
                    u.query(),
                    u.fragment(),
                ];
                lengths.iter().flatten().map(|s| s.len()).sum::<usize>()
                    + u.host_parsed().is_some() as usize
                    + u.port_number().is_ok() as usize
                    + u.is_relative() as usize
                    + u.is_absolute_uri() as usize
            })
        }),
        ("segments", |i| {
            parsed(i).map_or(0, |u| u.segments().count())
        }),
        ("decoded", |i| {
            parsed(i).map_or(0, |u| {
                let decoded = [
                    u.userinfo_decoded(),
                    u.host_decoded(),
                    Some(u.path_decoded()),
                    u.query_decoded(),
                    u.fragment_decoded(),
                ];
                decoded
                    .iter()
                    .flatten()
                    .map(|d| d.to_bytes().len() + d.to_utf8().map_or(0, |s| s.len()))
                    .sum()
            })
        }),
        ("check_invariants", |i| {
            parsed(i).is_some_and(|u| u.check_invariants()) as usize
        }),
        ("eq, cmp, hash", |i| {
            parsed(i).map_or(0, |u| {
                let hasher = RandomState::new();
                (u == u.as_str()) as usize + u.cmp(&u) as usize + hasher.hash_one(u) as usize
            })
        }),
    ]
}

#[test]
fn peak_heap_is_at_most_four_times_the_input_plus_64_kib() {
    for (shape, input) in common::huge_inputs(1 << 20) {
        let limit = 4 * input.len() + 64 * 1024;
        for (name, operation) in operations() {
            let (peak, _) = peak_heap(|| operation(&input));
            assert!(
                peak <= limit,
                "{shape}: {name} held {peak} bytes, limit {limit}"
            );
        }
    }
}

#[test]
fn every_operation_runs_on_a_64_kib_stack() {
    let inputs = common::huge_inputs(1 << 20);
    std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(move || {
            for (_, input) in &inputs {
                for (_, operation) in operations() {
                    operation(input);
                }
            }
        })
        .unwrap()
        .join()
        .expect("an operation overflowed a 64 KiB stack");
}

#[test]
fn operations_that_produce_references_hold_at_most_four_times_the_input_plus_64_kib() {
    let mut over = Vec::new();
    for w in common::workloads::workloads(1 << 20) {
        let prepared = (w.prepare)();
        let limit = 4 * prepared.input_len + 64 * 1024;
        let (peak, _) = peak_heap(|| (prepared.run)());
        if peak > limit {
            over.push(format!("{}: held {peak} bytes, limit {limit}", w.name));
        }
    }
    assert!(over.is_empty(), "{over:#?}");
}

#[test]
fn operations_that_produce_references_run_on_a_64_kib_stack() {
    let prepared: Vec<_> = common::workloads::workloads(1 << 20)
        .iter()
        .map(|w| (w.prepare)())
        .collect();
    std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(move || {
            for p in &prepared {
                (p.run)();
            }
        })
        .unwrap()
        .join()
        .expect("an operation overflowed a 64 KiB stack");
}

/// The counter counts: one owned parse of 1 MiB holds 1 MiB.
#[test]
fn the_counter_sees_allocations() {
    let input = "a".repeat(1 << 20);
    let (peak, owned) = peak_heap(|| UriRefBuf::parse(input.as_str()).unwrap());
    assert_eq!(peak, 1 << 20);
    drop(owned);
    let (peak, _) = peak_heap(|| UriRef::parse(&input).unwrap().host().is_some());
    assert_eq!(peak, 0);
}
