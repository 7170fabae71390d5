//! Normalization and comparison (section 6): the RFC's examples, each rule
//! of 6.2.2 and 6.2.3, the "/." guard, allocation counts, and properties on
//! generated references (idempotent, valid, equivalence agreeing with the
//! normalized key).

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use proptest::prelude::*;
use rfc3986::{equivalent, normalize, HostKind, Normalized, Normalizer, UriRef, UriRefBuf};

fn parse(s: &str) -> UriRef<'_> {
    UriRef::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// Checks a normal form: valid offsets, the same components on a fresh
/// parse, and normalizing it again returns it unchanged.
#[track_caller]
fn check_normal(n: &Normalized<'_>) {
    let uri = n.as_uri_ref();
    assert!(uri.check_invariants(), "{n}");
    let reparsed = UriRefBuf::parse(n.as_str()).unwrap();
    assert_eq!(
        (reparsed.scheme(), reparsed.authority(), reparsed.path()),
        (uri.scheme(), uri.authority(), uri.path())
    );
    assert_eq!(
        (reparsed.query(), reparsed.fragment()),
        (uri.query(), uri.fragment())
    );
    let again = normalize(uri);
    assert!(again.is_unchanged(), "not idempotent: {n} -> {again}");
}

/// Normalizes with the default options and compares with `expected`; the
/// input comes back borrowed exactly when it was already normal.
#[track_caller]
fn normalizes(input: &str, expected: &str) {
    with(Normalizer::new(), input, expected);
}

#[track_caller]
fn with(normalizer: Normalizer, input: &str, expected: &str) {
    let n = normalizer.normalize(parse(input));
    assert_eq!(n, expected, "{input:?}");
    assert_eq!(n.is_unchanged(), input == expected, "{input:?}");
    check_normal(&n);
    assert!(
        normalizer.equivalent(parse(input), parse(expected)),
        "{input:?}"
    );
}

#[track_caller]
fn same(a: &str, b: &str) {
    assert!(equivalent(parse(a), parse(b)), "{a:?} ~ {b:?}");
    assert!(equivalent(parse(b), parse(a)), "{b:?} ~ {a:?}");
    assert_eq!(normalize(parse(a)), normalize(parse(b)));
}

#[track_caller]
fn differ(a: &str, b: &str) {
    assert!(!equivalent(parse(a), parse(b)), "{a:?} !~ {b:?}");
    assert!(!equivalent(parse(b), parse(a)), "{b:?} !~ {a:?}");
    assert_ne!(normalize(parse(a)), normalize(parse(b)));
}

#[test]
fn examples_of_section_6() {
    // 6.2.2
    same(
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
    );
    normalizes(
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        "example://a/b/c/%7Bfoo%7D",
    );
    // 6.2.2.1
    normalizes("HTTP://www.EXAMPLE.com/", "http://www.example.com/");
    // 6.2.3
    for uri in [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ] {
        normalizes(uri, "http://example.com/");
    }
    normalizes("http://example.com/?", "http://example.com/?");
    differ("http://example.com/?", "http://example.com/");
    normalizes("http://example.com/#", "http://example.com/#");
    differ("http://example.com/#", "http://example.com/");
}

#[test]
fn case() {
    normalizes(
        "HtTp://ExAmPle.COM/PaTh?QuErY#FrAg",
        "http://example.com/PaTh?QuErY#FrAg",
    );
    normalizes("http://User:PW@host/", "http://User:PW@host/"); // userinfo keeps case
    normalizes("foo://[2001:DB8::A]/", "foo://[2001:db8::a]/");
    normalizes("foo://[V1F.Ab:C]/", "foo://[v1f.ab:c]/");
    normalizes("foo://%c3%a9X.Com/", "foo://%C3%A9x.com/"); // escapes stay upper
    normalizes("foo://%41%42c/", "foo://abc/"); // decoded letters in the host too
    normalizes("foo://10.0.0.1/", "foo://10.0.0.1/");
}

#[test]
fn percent_encoding() {
    normalizes("foo:/%7e%7E%2d%2E%5f%30%41%61", "foo:/~~-._0Aa");
    normalizes("foo://%7eu%3a@h/?%7e#%7e", "foo://~u%3A@h/?~#~");
    // Reserved characters, '%' and anything outside ASCII stay encoded.
    for reserved in ":/?#[]@!$&'()*+,;=%".bytes() {
        let lower = format!("foo:/x%{reserved:02x}y");
        let upper = format!("foo:/x%{reserved:02X}y");
        normalizes(&lower, &upper);
        normalizes(&upper, &upper);
        let plain = format!("foo:/x{}y", reserved as char);
        if UriRef::parse(&plain).is_ok_and(|u| u.path().len() == 4) {
            differ(&upper, &plain);
        }
    }
    normalizes("foo:/%c3%a9%00%7F%20", "foo:/%C3%A9%00%7F%20");
    // A decoded host can become an IPv4 address.
    let n = normalize(parse("http://%31.2.3.4/"));
    assert_eq!(n, "http://1.2.3.4/");
    assert_eq!(n.as_uri_ref().host_kind(), Some(HostKind::Ipv4));
}

#[test]
fn dot_segments_after_decoding() {
    normalizes("http://a/b/c/./../../g", "http://a/g");
    normalizes("http://a/b/%2E%2E/c", "http://a/c");
    normalizes("http://a/b/%2e/c/.%2E/d", "http://a/b/d");
    normalizes("http://a/..", "http://a/");
    normalizes("http://a/b/..", "http://a/");
    normalizes("foo:a/./b", "foo:a/b");
    normalizes("foo:.", "foo:");
    normalizes("mailto:a/../b", "mailto:/b"); // 5.2.4 as written
    normalizes("/a/./b/../c", "/a/c");
    normalizes("//h/a/../b", "//h/b");
    // A relative-path reference keeps them: their meaning depends on a base.
    normalizes("a/./b/../c", "a/./b/../c");
    normalizes("../%2E%2E/x", "../../x");
    normalizes("./a:b", "./a:b");
    normalizes(".", ".");
}

#[test]
fn a_megabyte_of_dot_segments_completes() {
    let input =
        "http://a/b/".to_string() + &"%2E%2E/".repeat(100_000) + &"./".repeat(100_000) + "g";
    normalizes(&input, "http://a/g");
    let input = "http://a/".to_string() + &"x/".repeat(200_000) + &"../".repeat(200_000);
    normalizes(&input, "http://a/");
    let input = "foo:/".to_string() + &"a/%2e%2E/".repeat(100_000);
    normalizes(&input, "foo:/");
}

#[test]
fn double_slash_path_without_authority_keeps_its_guard() {
    normalizes("foo:/.//x", "foo:/.//x");
    normalizes("foo:/././/x", "foo:/.//x");
    normalizes("foo:/%2E//x", "foo:/.//x");
    normalizes("foo:/a/..//x", "foo:/.//x");
    normalizes("/.//x?q", "/.//x?q");
    normalizes("foo:/.//.", "foo:/.//");
    normalizes("foo://h/.//x", "foo://h//x");
    for input in ["foo:/.//x", "foo:/a/..//x", "/a/..//x"] {
        let n = normalize(parse(input));
        assert_eq!(n.as_uri_ref().authority(), None, "{input}");
        assert_eq!(UriRefBuf::parse(n.as_str()).unwrap().authority(), None);
    }
}

#[test]
fn scheme_based() {
    for (scheme, port) in [
        ("http", 80),
        ("https", 443),
        ("ws", 80),
        ("wss", 443),
        ("ftp", 21),
    ] {
        normalizes(&format!("{scheme}://h:{port}"), &format!("{scheme}://h/"));
        normalizes(
            &format!("{scheme}://h:0{port}/x"),
            &format!("{scheme}://h/x"),
        );
        normalizes(
            &format!("{scheme}://h:1{port}"),
            &format!("{scheme}://h:1{port}/"),
        );
        normalizes(&format!("{scheme}://h:?q"), &format!("{scheme}://h/?q"));
    }
    normalizes("HTTPS://h:443", "https://h/");
    normalizes("https://h:80/", "https://h:80/");
    normalizes("http://h:65616/", "http://h:65616/");
    normalizes("ssh://h:22", "ssh://h"); // default port, but "" and "/" may differ
    normalizes("foo://h:80", "foo://h:80");
    normalizes("foo://h:", "foo://h"); // an empty port goes for every scheme
    normalizes("//h:", "//h");
    normalizes("//h:80", "//h:80");
    normalizes("foo://h", "foo://h");
    normalizes("http:", "http:"); // no authority, no "/"
    normalizes("http:?q", "http:?q");
    normalizes("http://h?", "http://h/?");
}

#[test]
fn ipv6_canonical_text_is_optional() {
    let canonical = Normalizer::new().ipv6_canonical();
    with(
        canonical,
        "http://[2001:DB8:0:0:0:0:0:1]/",
        "http://[2001:db8::1]/",
    );
    with(canonical, "http://[2001:db8::1]/", "http://[2001:db8::1]/");
    with(canonical, "http://[0:0::1]:8080", "http://[::1]:8080/");
    with(canonical, "//[1:0:0:2:0:0:0:3]", "//[1:0:0:2::3]");
    with(canonical, "//[1::2:3:4:5:6:7]", "//[1:0:2:3:4:5:6:7]");
    with(canonical, "//[::ffff:1.2.3.4]", "//[::ffff:1.2.3.4]");
    with(
        canonical,
        "//[0:0:0:0:0:ffff:102:304]",
        "//[::ffff:1.2.3.4]",
    );
    with(canonical, "//[v1.X]", "//[v1.x]");
    normalizes("http://[0:0::1]/", "http://[0:0::1]/");
    assert!(canonical.equivalent(parse("//[::1]"), parse("//[0:0::0:1]")));
    assert!(!canonical.equivalent(parse("//[::1]"), parse("//[::2]")));
    assert!(!canonical.equivalent(parse("//[::1]"), parse("//[v1.x]")));
    assert!(!equivalent(parse("//[::1]"), parse("//[0:0::0:1]")));
}

#[test]
fn equivalence() {
    same("HTTP://A:80/%7e", "http://a/~");
    same("http://a/b/../c", "http://a/./c");
    same("foo:/a/%2E%2E/b", "foo:/b");
    same("a/b", "a/%62");
    differ("http://a/b", "http://a/b/");
    differ("http://a/%2F", "http://a//");
    differ("http://a/b", "https://a/b");
    differ("http://a/", "http:/");
    differ("//a/b", "http://a/b");
    differ("http://u@a/", "http://a/");
    differ("http://U@a/", "http://u@a/");
    differ("http://a/?q", "http://a/?Q");
    differ("http://a/#", "http://a/");
    differ("a/../b", "b");
    differ("http://a:8080/", "http://a:80/");
}

#[test]
fn eq_and_hash_are_exact_text_but_normalized_keys_are_equivalence() {
    let (a, b) = (parse("HTTP://a/"), parse("http://a/"));
    assert_ne!(a, b);
    assert_eq!(normalize(a), normalize(b));
    let hash = |n: &Normalized<'_>| {
        let mut h = DefaultHasher::new();
        n.hash(&mut h);
        h.finish()
    };
    assert_eq!(hash(&normalize(a)), hash(&normalize(b)));
    let mut keys = HashSet::new();
    for s in [
        "http://a/b",
        "HTTP://A:80/b",
        "http://a/./b",
        "http://a/%62",
        "http://a/c",
    ] {
        keys.insert(normalize(parse(s)).into_static());
    }
    assert_eq!(keys.len(), 2);
    let owned = UriRefBuf::parse("HTTP://a:80").unwrap();
    assert_eq!(owned.normalize(), "http://a/");
    assert_eq!(owned.into_normalized(), "http://a/");
}

// ---- Properties on generated references. Each component is drawn from
// groups of spellings of one thing; a pair shares its groups most of the
// time and spells them independently, so that it is often equivalent.

type Groups = &'static [&'static [&'static str]];

const SCHEMES: Groups = &[
    &["http", "HTTP", "hTtP"],
    &["https", "HTTPS"],
    &["foo", "Foo"],
];
const USERINFOS: Groups = &[&["u", "%75"], &["U"], &["u:%3a", "u:%3A"]];
const HOSTS: Groups = &[
    &["a", "A", "%61", "%41"],
    &["1.2.3.4", "%31.2.3.4"],
    &["[::1]", "[0::1]", "[0:0:0:0:0:0:0:1]"],
    &["[::a]", "[::A]", "[0::a]"],
    &["[v1.x]", "[V1.X]"],
    &["~", "%7e", "%7E"],
    &[""],
    &["%c3%a9", "%C3%A9"],
];
/// "-" stands for no port.
const PORTS: Groups = &[&["-", "", "80", "080"], &["443", "0443"], &["8080"]];
const SEGMENTS: Groups = &[
    &["a", "%61"],
    &["A", "%41"],
    &["~", "%7e", "%7E"],
    &[".", "%2E", "%2e"],
    &["..", "%2E%2E", ".%2e"],
    &[""],
    &["%2F", "%2f"],
    &["b:c", "b%3Ac"],
    &["@"],
];
const PARTS: Groups = &[
    &[""],
    &["~", "%7e"],
    &["%3d", "%3D"],
    &["a=b"],
    &["%2E", "."],
];

#[derive(Clone, Debug)]
struct Shape {
    scheme: Option<usize>,
    authority: Option<(Option<usize>, usize, usize)>,
    absolute: bool,
    segments: Vec<usize>,
    query: Option<usize>,
    fragment: Option<usize>,
}

fn group(groups: Groups) -> impl Strategy<Value = usize> {
    0..groups.len()
}

fn shape() -> impl Strategy<Value = Shape> {
    (
        prop::option::weighted(0.8, group(SCHEMES)),
        prop::option::weighted(
            0.7,
            (
                prop::option::weighted(0.2, group(USERINFOS)),
                group(HOSTS),
                group(PORTS),
            ),
        ),
        any::<bool>(),
        prop::collection::vec(group(SEGMENTS), 0..5),
        prop::option::of(group(PARTS)),
        prop::option::of(group(PARTS)),
    )
        .prop_map(
            |(scheme, authority, absolute, segments, query, fragment)| Shape {
                scheme,
                authority,
                absolute,
                segments,
                query,
                fragment,
            },
        )
}

/// Writes a shape, choosing the spellings from `seed`; `None` when the text
/// is not a valid reference (a colon in a relative first segment).
fn render(shape: &Shape, seed: &[usize]) -> Option<String> {
    let mut seed = seed.iter().cycle();
    let mut spell = |groups: Groups, g: usize| {
        let spellings = groups[g];
        spellings[seed.next().unwrap() % spellings.len()]
    };
    let mut s = String::new();
    if let Some(g) = shape.scheme {
        s += spell(SCHEMES, g);
        s += ":";
    }
    if let Some((userinfo, host, port)) = shape.authority {
        s += "//";
        if let Some(g) = userinfo {
            s += spell(USERINFOS, g);
            s += "@";
        }
        s += spell(HOSTS, host);
        match spell(PORTS, port) {
            "-" => {}
            port => {
                s += ":";
                s += port;
            }
        }
    }
    if shape.absolute || (shape.authority.is_some() && !shape.segments.is_empty()) {
        s += "/";
    }
    let segments: Vec<&str> = shape.segments.iter().map(|&g| spell(SEGMENTS, g)).collect();
    s += &segments.join("/");
    if let Some(g) = shape.query {
        s += "?";
        s += spell(PARTS, g);
    }
    if let Some(g) = shape.fragment {
        s += "#";
        s += spell(PARTS, g);
    }
    UriRef::parse(&s).is_ok().then_some(s)
}

fn seed() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0..12usize, 1..16)
}

fn reference() -> impl Strategy<Value = String> {
    (shape(), seed()).prop_filter_map("valid reference", |(shape, seed)| render(&shape, &seed))
}

/// Two references, with the same shape (spelled independently) 70% of the time.
fn pair() -> impl Strategy<Value = (String, String)> {
    (shape(), shape(), prop::bool::weighted(0.7), seed(), seed()).prop_filter_map(
        "valid pair",
        |(a, b, same_shape, seed_a, seed_b)| {
            let b = if same_shape { &a } else { &b };
            Some((render(&a, &seed_a)?, render(b, &seed_b)?))
        },
    )
}

fn hash_of(n: &Normalized<'_>) -> u64 {
    let mut h = DefaultHasher::new();
    n.hash(&mut h);
    h.finish()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    #[test]
    fn idempotent_and_valid(input in reference(), canonical in any::<bool>()) {
        let normalizer = if canonical { Normalizer::new().ipv6_canonical() } else { Normalizer::new() };
        let once = normalizer.normalize(parse(&input));
        let uri = once.as_uri_ref();
        prop_assert!(uri.check_invariants(), "{}", once);
        let reparsed = UriRefBuf::parse(once.as_str()).unwrap();
        prop_assert_eq!(reparsed.authority(), uri.authority());
        prop_assert_eq!(reparsed.path(), uri.path());
        let twice = normalizer.normalize(uri);
        prop_assert!(twice.is_unchanged(), "{} -> {}", once, twice);
        prop_assert!(normalizer.equivalent(parse(&input), uri));
    }

    #[test]
    fn equivalence_is_reflexive_symmetric_and_agrees_with_the_key(
        (a, b) in pair(),
        canonical in any::<bool>(),
    ) {
        let normalizer = if canonical { Normalizer::new().ipv6_canonical() } else { Normalizer::new() };
        let (a, b) = (parse(&a), parse(&b));
        prop_assert!(normalizer.equivalent(a, a));
        let ab = normalizer.equivalent(a, b);
        prop_assert_eq!(ab, normalizer.equivalent(b, a));
        let (ka, kb) = (normalizer.normalize(a), normalizer.normalize(b));
        prop_assert_eq!(ab, ka == kb, "{} {} -> {} {}", a, b, ka, kb);
        if ab {
            prop_assert_eq!(hash_of(&ka), hash_of(&kb));
        }
    }
}

/// The pair generator does make equivalent pairs, and not only those.
#[test]
fn generated_pairs_are_often_but_not_always_equivalent() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = pair();
    let mut equal = 0;
    for _ in 0..1000 {
        let (a, b) = strategy.new_tree(&mut runner).unwrap().current();
        equal += usize::from(equivalent(parse(&a), parse(&b)));
    }
    assert!((200..900).contains(&equal), "{equal} of 1000");
}
