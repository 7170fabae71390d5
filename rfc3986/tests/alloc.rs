//! A borrowed parse allocates nothing; an owned parse from `&str` allocates
//! once. Counted with a global allocator wrapper, per thread so that the test
//! harness's own threads do not disturb the count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use rfc3986::{Rule, UriRef, UriRefBuf};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: forwards to the system allocator unchanged; only counts calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (ALLOCATIONS.with(Cell::get) - before, value)
}

const INPUTS: &[&str] = &[
    "foo://u@example.com:8042/over/there?name=ferret#nose",
    "http://[2001:db8::7]/c=GB?objectClass?one",
    "http://[v1.x]:1/",
    "http://192.0.2.16:80/",
    "../../g;p?q#f",
    "",
    "http://exa mple.com/",
    "/a%zz",
];

#[test]
fn borrowed_parse_allocates_nothing() {
    for input in INPUTS {
        for rule in [
            Rule::UriReference,
            Rule::Uri,
            Rule::AbsoluteUri,
            Rule::RelativeRef,
        ] {
            let (n, _) = allocations(|| UriRef::parse_as(input, rule).map(|u| u.host_kind()));
            assert_eq!(n, 0, "{input:?} {rule:?}");
            let (n, _) = allocations(|| UriRef::parse_bytes_as(input.as_bytes(), rule).is_ok());
            assert_eq!(n, 0, "{input:?} {rule:?} as bytes");
        }
        // Reading every component allocates nothing either.
        if let Ok(u) = UriRef::parse(input) {
            let (n, _) = allocations(|| {
                (
                    u.scheme(),
                    u.authority(),
                    u.userinfo(),
                    u.host_parsed(),
                    u.port_number(),
                    u.segments().count(),
                    u.query(),
                    u.fragment(),
                    u.path_decoded().to_utf8().is_ok(),
                )
            });
            assert_eq!(n, 0, "{input:?} components");
        }
    }
}

#[test]
fn owned_parse_allocates_once() {
    let (n, u) = allocations(|| UriRefBuf::parse(INPUTS[0]).unwrap());
    assert_eq!(n, 1);
    let text = String::from(INPUTS[1]);
    let (n, _) = allocations(|| UriRefBuf::parse(text).unwrap());
    assert_eq!(n, 0, "a String is kept, not copied");
    let (n, _) = allocations(|| u.as_uri_ref().to_owned());
    assert_eq!(n, 1);
}
