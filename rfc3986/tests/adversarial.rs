//! Adversarial inputs: the strings attackers and broken producers send. Each
//! case states the RFC's answer (components, or error kind and offset) and is
//! also run through every fuzz property.
//!
//! SSRF needs two parsers to agree on the host; these cases pin down what this
//! one reads, and `differential.rs` checks that fluent-uri and iri-string read
//! the same.

mod common;

use common::properties;
use rfc3986::{ErrorKind, HostKind, UriRef, UriRefBuf};

/// `input` is valid, with this userinfo, host and port.
#[track_caller]
fn authority(input: &str, userinfo: Option<&str>, host: &str, port: Option<&str>) {
    properties::all(input.as_bytes());
    let u = UriRef::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    assert_eq!(
        (u.userinfo(), u.host(), u.port()),
        (userinfo, Some(host), port),
        "{input:?}"
    );
}

/// `input` is valid, with this path, query and fragment.
#[track_caller]
fn after_authority(input: &str, path: &str, query: Option<&str>, fragment: Option<&str>) {
    properties::all(input.as_bytes());
    let u = UriRef::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    assert_eq!(
        (u.path(), u.query(), u.fragment()),
        (path, query, fragment),
        "{input:?}"
    );
}

/// `input` fails with `kind` at `offset`.
#[track_caller]
fn fails(input: &[u8], kind: ErrorKind, offset: usize) {
    properties::all(input);
    let err = UriRef::parse_bytes(input).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (kind, offset),
        "{:?}",
        String::from_utf8_lossy(input)
    );
}

/// The host is a registered name, whatever it decodes to.
#[track_caller]
fn reg_name(input: &str, decoded: &[u8]) {
    properties::all(input.as_bytes());
    let u = UriRef::parse(input).unwrap();
    assert_eq!(u.host_kind(), Some(HostKind::RegName), "{input:?}");
    assert_eq!(&*u.host_decoded().unwrap().to_bytes(), decoded, "{input:?}");
}

#[test]
fn userinfo_and_host_confusion() {
    // The host follows the last "@" of the authority, and an authority has
    // at most one: a second "@" is not a reg-name byte.
    authority(
        "http://evil.com:80@good.com/",
        Some("evil.com:80"),
        "good.com",
        None,
    );
    authority("http://a:b:c@d/", Some("a:b:c"), "d", None);
    authority("http://:@/", Some(":"), "", None);
    authority("http://@:/", Some(""), "", Some(""));
    authority("http://a%40b@c/", Some("a%40b"), "c", None);
    authority("http://user@[::1]:80/", Some("user"), "[::1]", Some("80"));
    authority(
        "http://host:8x@example.com/",
        Some("host:8x"),
        "example.com",
        None,
    );
    fails(b"http://a@b@c/", ErrorKind::InvalidHost, 10);
    fails(b"http://a:b@c:d/", ErrorKind::InvalidPort, 13);
    fails(b"http://[::1]@evil.com/", ErrorKind::InvalidHost, 12);
    fails(b"http://a:b:c/", ErrorKind::InvalidPort, 12);
    fails(b"http://example.com:80a/", ErrorKind::InvalidPort, 22);
    // A delimiter ends the authority; what follows is not a userinfo.
    for (input, path, query, fragment) in [
        ("http://good.com#@evil.com/", "", None, Some("@evil.com/")),
        ("http://good.com?@evil.com/", "", Some("@evil.com/"), None),
        ("http://good.com/@evil.com", "/@evil.com", None, None),
        (
            "http://good.com/x:y@evil.com:80/",
            "/x:y@evil.com:80/",
            None,
            None,
        ),
    ] {
        after_authority(input, path, query, fragment);
        assert_eq!(UriRef::parse(input).unwrap().host(), Some("good.com"));
    }
}

#[test]
fn backslashes_are_never_delimiters() {
    fails(b"http:\\\\evil.com\\", ErrorKind::InvalidPath, 5);
    fails(b"http://a\\b/", ErrorKind::InvalidHost, 8);
    fails(b"http://a\\@b/", ErrorKind::InvalidHost, 8);
    fails(b"http://a/b\\c", ErrorKind::InvalidPath, 10);
    fails(b"/a\\b", ErrorKind::InvalidPath, 2);
    fails(b"\\\\host\\share", ErrorKind::InvalidPath, 0);
    fails(b"http://a/?\\", ErrorKind::InvalidQuery, 10);
    fails(b"http://a/#\\", ErrorKind::InvalidFragment, 10);
}

#[test]
fn controls_and_spaces_inside() {
    fails(b"http://a\tb/", ErrorKind::InvalidHost, 8);
    fails(b"http://a/\nb", ErrorKind::InvalidPath, 9);
    fails(b"\rhttp://a", ErrorKind::InvalidPath, 0);
    fails(b"http://a\0/", ErrorKind::InvalidHost, 8);
    fails(b"ht\ttp://a", ErrorKind::InvalidPath, 2);
    fails(b"http://a/b?c\r\nd", ErrorKind::InvalidQuery, 12);
    fails(b"http://a/b#c\0", ErrorKind::InvalidFragment, 12);
    fails(b" http://a/", ErrorKind::InvalidPath, 0);
    fails(b"http://a/ ", ErrorKind::InvalidPath, 9);
    fails(b"http://a:8\t0/", ErrorKind::InvalidPort, 10);
    fails(b"http://[::1\t]/", ErrorKind::InvalidHost, 11);
    fails(b"\x7f", ErrorKind::InvalidPath, 0);
}

#[test]
fn ipv6_zone_identifiers_are_not_rfc_3986() {
    // RFC 6874 adds "%25" zone IDs; RFC 3986's IPv6address has none.
    fails(b"http://[fe80::1%25eth0]/", ErrorKind::InvalidHost, 15);
    fails(b"http://[fe80::1%eth0]/", ErrorKind::InvalidHost, 15);
    fails(b"http://[fe80::1]%25eth0/", ErrorKind::InvalidHost, 16);
    fails(b"http://[::1%]/", ErrorKind::InvalidHost, 11);
}

#[test]
fn bracket_mismatches() {
    fails(b"http://[::1/", ErrorKind::InvalidHost, 11);
    fails(b"http://[::1", ErrorKind::InvalidHost, 11);
    fails(b"http://[::44.1", ErrorKind::InvalidHost, 14);
    fails(b"http://::1]/", ErrorKind::InvalidPort, 10);
    fails(b"http://[[::1]]/", ErrorKind::InvalidHost, 8);
    fails(b"http://[::1]]/", ErrorKind::InvalidHost, 12);
    fails(b"http://]/", ErrorKind::InvalidHost, 7);
    fails(b"http://a[b]/", ErrorKind::InvalidHost, 8);
    fails(b"http://[]/", ErrorKind::InvalidHost, 8);
    fails(b"http://[v1.x/", ErrorKind::InvalidHost, 12);
    fails(b"http://[v1.x]]/", ErrorKind::InvalidHost, 13);
    fails(b"http://u@[/", ErrorKind::InvalidHost, 10);
    fails(b"[::1]", ErrorKind::InvalidPath, 0);
    fails(b"/[::1]", ErrorKind::InvalidPath, 1);
    fails(b"http://a/?[", ErrorKind::InvalidQuery, 10);
    fails(b"http://a/#]", ErrorKind::InvalidFragment, 10);
}

#[test]
fn percent_encoded_delimiters_in_the_host_stay_a_reg_name() {
    // First-match-wins is decided on the text as written: an encoded
    // address is a registered name, and decoding is the caller's act.
    reg_name("http://127%2E0%2E0%2E1/", b"127.0.0.1");
    reg_name(
        "http://%5B::1%5D/".replace("::", "%3A%3A").as_str(),
        b"[::1]",
    );
    reg_name("http://a%2Fb/", b"a/b");
    reg_name("http://a%40b/", b"a@b");
    reg_name("http://a%3A80/", b"a:80");
    reg_name("http://a%00b/", b"a\0b");
    reg_name("http://evil.com%23.good.com/", b"evil.com#.good.com");
    // Unencoded, the colons make it a possible userinfo up to the "/".
    fails(b"http://%5B::1%5D/", ErrorKind::InvalidPort, 16);
    fails(b"http://a%2/", ErrorKind::InvalidPercentEncoding, 10);
    fails(b"http://a%/", ErrorKind::InvalidPercentEncoding, 9);
}

#[test]
fn twenty_digit_ports() {
    let number = |input: &str| {
        properties::all(input.as_bytes());
        UriRef::parse(input).unwrap().port_number().ok()
    };
    assert_eq!(number("http://h:99999999999999999999/"), None);
    assert_eq!(number("http://h:00000000000000000080/"), Some(Some(80)));
    assert_eq!(number("http://h:4294967376/"), None); // 2^32 + 80
    assert_eq!(number("http://h:18446744073709551696/"), None); // 2^64 + 80
    assert_eq!(number("http://h:65536/"), None);
    assert_eq!(number("http://h:65535/"), Some(Some(65535)));
    assert_eq!(number("http://h:/"), Some(None));
    assert_eq!(
        number("http://[::1]:0000000000000000000000000/"),
        Some(Some(0))
    );
}

#[test]
fn overlong_and_invalid_utf8_in_escapes() {
    let decoded = |input: &str| {
        properties::all(input.as_bytes());
        let u = UriRef::parse(input).unwrap();
        let d = u.path_decoded();
        (d.to_bytes().into_owned(), d.to_utf8().is_ok())
    };
    assert_eq!(decoded("/%C0%AF"), (b"/\xC0\xAF".to_vec(), false)); // overlong "/"
    assert_eq!(decoded("/%E0%80%AF"), (b"/\xE0\x80\xAF".to_vec(), false));
    assert_eq!(
        decoded("/%F0%80%80%AF"),
        (b"/\xF0\x80\x80\xAF".to_vec(), false)
    );
    assert_eq!(decoded("/%ED%A0%80"), (b"/\xED\xA0\x80".to_vec(), false)); // surrogate
    assert_eq!(
        decoded("/%F4%90%80%80"),
        (b"/\xF4\x90\x80\x80".to_vec(), false)
    );
    assert_eq!(decoded("/%FF%FE"), (b"/\xFF\xFE".to_vec(), false));
    assert_eq!(decoded("/%C3%A9"), ("/é".as_bytes().to_vec(), true));
    assert_eq!(decoded("/%00"), (b"/\0".to_vec(), true));
    assert_eq!(decoded("/%2e%2E/%2F"), (b"/../\x2F".to_vec(), true));
}

#[test]
fn bytes_that_are_not_utf8() {
    fails(b"/\xff", ErrorKind::InvalidPath, 1);
    fails(b"http://\xc3\xa9.com/", ErrorKind::InvalidHost, 7);
    fails(b"\xef\xbb\xbfhttp://a/", ErrorKind::InvalidPath, 0); // a byte-order mark
    fails(b"http://a/\xc0\xaf", ErrorKind::InvalidPath, 9); // overlong, unencoded
    fails(b"http://a/?\xed\xa0\x80", ErrorKind::InvalidQuery, 10);
    fails(b"http://a/#\x80", ErrorKind::InvalidFragment, 10);
    fails(b"h\xfftp://a/", ErrorKind::InvalidPath, 1);
    fails(b"http://[::1\xff]/", ErrorKind::InvalidHost, 11);
}

/// What a 1 MiB input of a shape must give: valid, or an error at an offset
/// (`None`: at the end, where the input is merely incomplete).
enum Expect {
    Valid,
    Fails(ErrorKind, Option<usize>),
}

#[test]
fn one_mebibyte_inputs_of_each_shape() {
    use Expect::*;
    let expected = |name: &str| match name {
        "long segment" | "many segments" | "dot-dot chain" | "at-signs in a path" => Valid,
        "query" | "fragment" | "scheme" | "no colon after scheme letters" => Valid,
        "reg-name" | "userinfo" | "port digits" | "percent escapes" | "IPvFuture" => Valid,
        "at-signs in an authority" => Fails(ErrorKind::InvalidHost, Some(8)),
        // Eight pieces, then a colon that no ninth piece may follow.
        "bracket and 1: repeated" => Fails(ErrorKind::InvalidHost, Some(23)),
        "brackets repeated" => Fails(ErrorKind::InvalidHost, Some(8)),
        // Still a possible userinfo at the end: an "@" would make it valid.
        "colons and digits, no at-sign" => Fails(ErrorKind::InvalidPort, None),
        "percent signs" => Fails(ErrorKind::InvalidPercentEncoding, Some(2)),
        other => panic!("no expectation for {other}"),
    };
    for (name, input) in common::huge_inputs(1 << 20) {
        assert!(input.len() >= 1 << 20, "{name}");
        let got = UriRef::parse_bytes(&input);
        match (expected(name), &got) {
            (Valid, Ok(u)) => assert_eq!(u.as_str().len(), input.len(), "{name}"),
            (Fails(kind, at), Err(e)) => {
                let at = at.unwrap_or(input.len());
                assert_eq!((e.kind(), e.offset()), (kind, at), "{name}")
            }
            (_, got) => panic!("{name}: {:?}", got.as_ref().map(|_| ()).map_err(|e| *e)),
        }
        properties::parse_bytes(&input);
        properties::parse_owned(&input);
    }
    // The prefix property parses a sample of prefixes: 64 KiB shows as much.
    for (_, input) in common::huge_inputs(1 << 16) {
        properties::prefixes(&input);
    }
}

/// The strict target of each 1 MiB pair of `common/workloads.rs`, as the
/// RFC gives it.
fn resolution_of(shape: &str, base: &str, second: &str) -> String {
    let a_run = |path: &str| path.matches("/a").count();
    match shape {
        // Every "../" above the root is dropped (section 5.4.2).
        "dot-dot chain" => "http://h/g".into(),
        "dot chain" => "http://h/a/b/g".into(),
        "segments, then as many dot-dots" => "http://h/g".into(),
        // Merged to "a/../../g": 2C turns the rootless path absolute.
        "dot-dots against a rootless base" => "foo:/g".into(),
        "long segment" | "many segments" => format!("http://h/a/{second}"),
        "query" => format!("http://h/a{second}"),
        "fragment" => format!("http://h/a?q{second}"),
        "authority" => format!("http:{second}"),
        // "/" + ".//@@..." loses its "/." and gets it back as the guard.
        "double slash after a dot" => format!("foo:/.{}", &second[1..]),
        // The base's last segment goes, then one "a" for the "..".
        "deep base, dot-dot reference" => {
            format!("http://h{}/g", "/a".repeat(a_run(base) - 1))
        }
        "deep base, deep target" | "diverging deep paths" | "long query, same document" => {
            second.to_owned()
        }
        other => panic!("no expectation for {other}"),
    }
}

/// The shortest reference from each 1 MiB base to the second reference of
/// the pair, when that is a URI.
fn relative_form_of(shape: &str, second: &str) -> Option<String> {
    match shape {
        // The same directory depth: only the last segment differs.
        "deep base, deep target" => Some("c".into()),
        // Climbing out of every directory is longer than the absolute path.
        "diverging deep paths" => Some(second["http://h".len()..].to_owned()),
        "long query, same document" => Some("?r".into()),
        _ => None,
    }
}

#[test]
fn one_mebibyte_pairs_resolve_and_relativize() {
    for (shape, base, second) in common::workloads::huge_pairs(1 << 20) {
        let (b, s) = (
            UriRef::parse(&base).unwrap(),
            UriRef::parse(&second).unwrap(),
        );
        let target = rfc3986::resolve(b, s).unwrap();
        assert_eq!(
            target.as_str(),
            resolution_of(shape, &base, &second),
            "{shape}"
        );
        properties::check_produced(target.as_uri_ref());
        if let Some(expected) = relative_form_of(shape, &second) {
            assert_eq!(
                rfc3986::relativize(b, s).unwrap(),
                expected.as_str(),
                "{shape}"
            );
        }
        let back = rfc3986::relativize(b, target.as_uri_ref()).unwrap();
        assert_eq!(
            rfc3986::resolve(b, back.as_uri_ref()).unwrap(),
            target,
            "{shape}"
        );
    }
    // The fuzz properties, with the oracle of section 5.2, on 64 KiB.
    for (_, base, second) in common::workloads::huge_pairs(1 << 16) {
        let data = [base.as_bytes(), b"\n", second.as_bytes()].concat();
        properties::resolve::resolve(&data);
        properties::relativize::relativize(&data);
        properties::normalize::equivalent(&data);
    }
}

/// The normal form of each 1 MiB reference of `common/workloads.rs`.
fn normal_form_of(shape: &str, input: &str) -> String {
    let count = |unit: &str| input.matches(unit).count();
    match shape {
        "dot segments" | "segment and dot-dot pairs" => "http://h/".into(),
        "encoded dot-dots" => "http://h/g".into(),
        "unreserved escapes" => format!("http://h/{}", "~".repeat(count("%7e"))),
        "lower-case escapes" => format!("http://h/{}", "%2F".repeat(count("%2f"))),
        "upper-case host" => input.to_ascii_lowercase(),
        "escapes in a query" => format!("http://h/?{}", "%3DA".repeat(count("%3d"))),
        // Already normal: dot segments go, and the "/." guard comes back;
        // a relative path keeps its dot segments.
        "double slash after a dot" | "relative dot-dots" => input.into(),
        other => panic!("no expectation for {other}"),
    }
}

#[test]
fn one_mebibyte_references_normalize() {
    for (shape, input) in common::workloads::huge_references(1 << 20) {
        let u = UriRef::parse(&input).unwrap();
        let normal = u.normalize();
        assert_eq!(normal.as_str(), normal_form_of(shape, &input), "{shape}");
        assert_eq!(normal.is_unchanged(), normal.as_str() == input, "{shape}");
        properties::check_produced(normal.as_uri_ref());
        assert!(normal.as_uri_ref().normalize().is_unchanged(), "{shape}");
        assert!(rfc3986::equivalent(u, normal.as_uri_ref()), "{shape}");
    }
    for (_, input) in common::workloads::huge_references(1 << 16) {
        properties::normalize::normalize(input.as_bytes());
    }
}

#[test]
fn one_mebibyte_components_build_and_set() {
    use rfc3986::encoding::{encode, CharSet};
    for (shape, text) in common::workloads::huge_texts(1 << 20) {
        let uri = rfc3986::Builder::new()
            .scheme("http")
            .query(text.as_str())
            .build()
            .unwrap();
        assert_eq!(
            uri.query(),
            Some(&*encode(&text, CharSet::QUERY)),
            "{shape}"
        );
        assert_eq!(
            &*uri.query_decoded().unwrap().to_bytes(),
            text.as_bytes(),
            "{shape}"
        );
        let mut uri = UriRefBuf::parse("http://u@h:1/p?q#f").unwrap();
        uri.set_segments(&["", text.as_str()]).unwrap();
        assert_eq!(
            uri.path(),
            format!("/{}", encode(&text, CharSet::SEGMENT)),
            "{shape}"
        );
        assert!(uri.check_invariants(), "{shape}");
    }
    // The fuzz properties on 64 KiB: each component given the text, in the
    // layout of the `builder` target (flags, choices, components after
    // 0xFF), then as the argument of each setter.
    for (_, text) in common::workloads::huge_texts(1 << 16) {
        let t = text.as_bytes();
        let segments = [&[0xFE, 0xFE][..], t].concat();
        let cases: [(u8, u8, [&[u8]; 7]); 6] = [
            (0x01, 0, [b"http", b"", b"", b"", t, b"", b""]),
            (0x07, 0, [b"http", t, b"h", b"", b"", b"", b""]),
            (0x05, 0, [b"http", b"", t, b"", b"", b"", b""]),
            (0x11, 0, [b"http", b"", b"", b"", b"", t, b""]),
            (0x21, 0, [b"http", b"", b"", b"", b"", b"", t]),
            (0x05, 8, [b"http", b"", b"h", b"", &segments, b"", b""]),
        ];
        for (flags, choices, parts) in cases {
            let data = [&[flags, choices][..], &parts.join(&0xFF)].concat();
            properties::build::build(&data);
        }
        let mut data = b"http://u@h:1/p?q#f".to_vec();
        for code in 0..12u8 {
            data.push(0xFF);
            data.push(code);
            data.extend_from_slice(t);
        }
        properties::build::setters(&data);
    }
}
