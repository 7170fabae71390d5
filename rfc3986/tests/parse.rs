//! Parsing: the RFC's examples, every ABNF rule with valid and invalid
//! inputs, error kinds and offsets, and the round trip of every valid case.

use rfc3986::{ErrorKind, Host, HostKind, Rule, UriRef, UriRefBuf};

type Parts<'a> = (
    Option<&'a str>, // scheme
    Option<&'a str>, // userinfo
    Option<&'a str>, // host
    Option<&'a str>, // port
    &'a str,         // path
    Option<&'a str>, // query
    Option<&'a str>, // fragment
);

/// Section 5.3 component recomposition, transcribed.
fn recompose(u: &UriRef<'_>) -> String {
    let mut result = String::new();
    if let Some(scheme) = u.scheme() {
        result += scheme;
        result += ":";
    }
    if let Some(authority) = u.authority() {
        result += "//";
        result += authority;
    }
    result += u.path();
    if let Some(query) = u.query() {
        result += "?";
        result += query;
    }
    if let Some(fragment) = u.fragment() {
        result += "#";
        result += fragment;
    }
    result
}

/// Parses `input`, checks each component, and checks the round trip: the
/// text, `Display`, the owned type, and the section 5.3 recomposition.
#[track_caller]
fn ok<'a>(input: &'a str, parts: Parts<'_>) -> UriRef<'a> {
    let u = UriRef::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    let got = (
        u.scheme(),
        u.userinfo(),
        u.host(),
        u.port(),
        u.path(),
        u.query(),
        u.fragment(),
    );
    assert_eq!(got, parts, "{input:?}");
    round_trip(&u, input);
    u
}

#[track_caller]
fn round_trip(u: &UriRef<'_>, input: &str) {
    assert_eq!(u.as_str(), input);
    assert_eq!(u.to_string(), input);
    assert_eq!(recompose(u), input);
    assert!(u.check_invariants());
    let owned = UriRefBuf::parse(input).unwrap();
    assert_eq!(owned.to_string(), input);
    assert_eq!(
        (
            owned.scheme(),
            owned.authority(),
            owned.path(),
            owned.query(),
            owned.fragment()
        ),
        (u.scheme(), u.authority(), u.path(), u.query(), u.fragment())
    );
    // The authority is exactly userinfo@host:port.
    if let Some(authority) = u.authority() {
        let mut rebuilt = String::new();
        if let Some(userinfo) = u.userinfo() {
            rebuilt = format!("{userinfo}@");
        }
        rebuilt += u.host().unwrap();
        if let Some(port) = u.port() {
            rebuilt = format!("{rebuilt}:{port}");
        }
        assert_eq!(rebuilt, authority, "{input:?}");
    }
    // The segments join back into the path.
    let segments: Vec<_> = u.segments().collect();
    let joined = if segments == [""] {
        "/".to_string()
    } else {
        segments.join("/")
    };
    assert_eq!(joined, u.path(), "{input:?}");
}

/// Valid, whatever the components.
#[track_caller]
fn valid(input: &str) {
    let u = UriRef::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    round_trip(&u, input);
}

#[track_caller]
fn fails(input: &str, kind: ErrorKind, offset: usize) {
    fails_as(input, Rule::UriReference, kind, offset);
}

#[track_caller]
fn fails_as(input: &str, rule: Rule, kind: ErrorKind, offset: usize) {
    let err = UriRef::parse_as(input, rule).expect_err(input);
    assert_eq!(
        (err.kind(), err.offset()),
        (kind, offset),
        "{input:?}: {err}"
    );
    // The bytes entry point agrees.
    let err = UriRef::parse_bytes_as(input.as_bytes(), rule).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (kind, offset),
        "{input:?} as bytes"
    );
    // The longest valid prefix: the input up to the offset extends to a
    // valid reference for these inputs, so the offset is never past the end.
    assert!(err.offset() <= input.len());
}

#[track_caller]
fn host_kind(input: &str, kind: HostKind) {
    assert_eq!(
        UriRef::parse(input).unwrap().host_kind(),
        Some(kind),
        "{input:?}"
    );
    valid(input);
}

// Section 1.1.2, the examples.
#[test]
fn rfc_1_1_2_examples() {
    ok(
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        (
            Some("ftp"),
            None,
            Some("ftp.is.co.za"),
            None,
            "/rfc/rfc1808.txt",
            None,
            None,
        ),
    );
    ok(
        "http://www.ietf.org/rfc/rfc2396.txt",
        (
            Some("http"),
            None,
            Some("www.ietf.org"),
            None,
            "/rfc/rfc2396.txt",
            None,
            None,
        ),
    );
    let u = ok(
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        (
            Some("ldap"),
            None,
            Some("[2001:db8::7]"),
            None,
            "/c=GB",
            Some("objectClass?one"),
            None,
        ),
    );
    assert_eq!(
        u.host_parsed(),
        Some(Host::Ipv6("2001:db8::7".parse().unwrap()))
    );
    ok(
        "mailto:John.Doe@example.com",
        (
            Some("mailto"),
            None,
            None,
            None,
            "John.Doe@example.com",
            None,
            None,
        ),
    );
    ok(
        "news:comp.infosystems.www.servers.unix",
        (
            Some("news"),
            None,
            None,
            None,
            "comp.infosystems.www.servers.unix",
            None,
            None,
        ),
    );
    ok(
        "tel:+1-816-555-1212",
        (Some("tel"), None, None, None, "+1-816-555-1212", None, None),
    );
    let u = ok(
        "telnet://192.0.2.16:80/",
        (
            Some("telnet"),
            None,
            Some("192.0.2.16"),
            Some("80"),
            "/",
            None,
            None,
        ),
    );
    assert_eq!(u.host_kind(), Some(HostKind::Ipv4));
    assert_eq!(u.port_number(), Ok(Some(80)));
    ok(
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        (
            Some("urn"),
            None,
            None,
            None,
            "oasis:names:specification:docbook:dtd:xml:4.1.2",
            None,
            None,
        ),
    );
}

// Section 3, the two example URIs and their components.
#[test]
fn rfc_3_examples() {
    let u = ok(
        "foo://example.com:8042/over/there?name=ferret#nose",
        (
            Some("foo"),
            None,
            Some("example.com"),
            Some("8042"),
            "/over/there",
            Some("name=ferret"),
            Some("nose"),
        ),
    );
    assert_eq!(u.authority(), Some("example.com:8042"));
    assert_eq!(u.segments().collect::<Vec<_>>(), ["", "over", "there"]);
    let u = ok(
        "urn:example:animal:ferret:nose",
        (
            Some("urn"),
            None,
            None,
            None,
            "example:animal:ferret:nose",
            None,
            None,
        ),
    );
    assert_eq!(
        u.segments().collect::<Vec<_>>(),
        ["example:animal:ferret:nose"]
    );
}

// Section 3.3: the path of a mailto URI, and an empty path before a query.
#[test]
fn rfc_3_3_examples() {
    ok(
        "mailto:fred@example.com",
        (
            Some("mailto"),
            None,
            None,
            None,
            "fred@example.com",
            None,
            None,
        ),
    );
    ok(
        "foo://info.example.com?fred",
        (
            Some("foo"),
            None,
            Some("info.example.com"),
            None,
            "",
            Some("fred"),
            None,
        ),
    );
    // Segments with parameters, from the same section.
    valid("http://example.com/name;v=1.1");
    valid("http://example.com/name,1.1");
}

// The reference design's element model and its notes.
#[test]
fn element_model() {
    // IsRelative.
    assert!(UriRef::parse("//example.com").unwrap().is_relative());
    assert!(UriRef::parse("").unwrap().is_relative());
    assert!(!UriRef::parse("a:").unwrap().is_relative());
    // Absent and empty differ for every component.
    ok(
        "http://h",
        (Some("http"), None, Some("h"), None, "", None, None),
    );
    ok(
        "http://h:",
        (Some("http"), None, Some("h"), Some(""), "", None, None),
    );
    ok(
        "http://h/?",
        (Some("http"), None, Some("h"), None, "/", Some(""), None),
    );
    ok(
        "http://h/#",
        (Some("http"), None, Some("h"), None, "/", None, Some("")),
    );
    ok(
        "http://@h",
        (Some("http"), Some(""), Some("h"), None, "", None, None),
    );
    ok(
        "http://",
        (Some("http"), None, Some(""), None, "", None, None),
    );
    ok("http:", (Some("http"), None, None, None, "", None, None));
    // A zero port is a port: HasPort.
    let u = ok(
        "http://h:0",
        (Some("http"), None, Some("h"), Some("0"), "", None, None),
    );
    assert!(u.has_port());
    assert_eq!(u.port_number(), Ok(Some(0)));
    assert!(!UriRef::parse("http://h").unwrap().has_port());
    // Path as a sequence; an absolute path starts with an empty element.
    let seg = |s| UriRef::parse(s).unwrap().segments().collect::<Vec<_>>();
    assert_eq!(seg("/a/b"), ["", "a", "b"]);
    assert_eq!(seg("/"), [""]);
    assert_eq!(seg("a/"), ["a", ""]);
    assert_eq!(seg(""), [] as [&str; 0]);
    assert_eq!(seg("http://h"), [] as [&str; 0]);
    assert_eq!(seg("http://h/"), [""]);
    // path-abempty: with an authority the path is empty or starts with "/".
    ok(
        "http://h/a",
        (Some("http"), None, Some("h"), None, "/a", None, None),
    );
    // path-noscheme: a relative reference's first segment has no colon;
    // "./" in front makes one (section 4.2).
    fails("1this:that", ErrorKind::ColonInFirstSegment, 5);
    ok(
        "./this:that",
        (None, None, None, None, "./this:that", None, None),
    );
    ok("a/b:c", (None, None, None, None, "a/b:c", None, None));
}

#[test]
fn scheme() {
    ok("a:", (Some("a"), None, None, None, "", None, None));
    ok(
        "A+b-c.9:x",
        (Some("A+b-c.9"), None, None, None, "x", None, None),
    );
    ok(
        "HTTP://H",
        (Some("HTTP"), None, Some("H"), None, "", None, None),
    );
    // A scheme starts with a letter: otherwise this is a relative path whose
    // first segment has a colon.
    fails("1a:b", ErrorKind::ColonInFirstSegment, 2);
    fails("+a:b", ErrorKind::ColonInFirstSegment, 2);
    fails(":b", ErrorKind::ColonInFirstSegment, 0);
    fails("a_b:c", ErrorKind::ColonInFirstSegment, 3);
    // Scheme-like bytes without a colon are the first segment of a path.
    ok("abc/def", (None, None, None, None, "abc/def", None, None));
    ok("a.b", (None, None, None, None, "a.b", None, None));
    fails_as("1a:b", Rule::Uri, ErrorKind::InvalidScheme, 0);
    fails_as("ab/c", Rule::Uri, ErrorKind::InvalidScheme, 2);
    fails_as("", Rule::Uri, ErrorKind::InvalidScheme, 0);
    fails_as("ht tp://x", Rule::Uri, ErrorKind::InvalidScheme, 2);
    fails_as(
        "//example.com",
        Rule::AbsoluteUri,
        ErrorKind::InvalidScheme,
        0,
    );
    fails_as(
        "http://a",
        Rule::RelativeRef,
        ErrorKind::SchemeNotAllowed,
        4,
    );
    assert!(UriRef::parse_as("//a/b?c#d", Rule::RelativeRef).is_ok());
    assert!(UriRef::parse_as("a:b#c", Rule::Uri).is_ok());
    fails_as("a:b#c", Rule::AbsoluteUri, ErrorKind::FragmentNotAllowed, 3);
    fails_as(
        "a:b?c#",
        Rule::AbsoluteUri,
        ErrorKind::FragmentNotAllowed,
        5,
    );
}

#[test]
fn userinfo() {
    ok(
        "s://u@h",
        (Some("s"), Some("u"), Some("h"), None, "", None, None),
    );
    ok(
        "s://u:p@h:1",
        (Some("s"), Some("u:p"), Some("h"), Some("1"), "", None, None),
    );
    ok(
        "s://:@h",
        (Some("s"), Some(":"), Some("h"), None, "", None, None),
    );
    ok(
        "s://a:b:c@h",
        (Some("s"), Some("a:b:c"), Some("h"), None, "", None, None),
    );
    ok(
        "s://%41!$&'()*+,;=-._~:@h",
        (
            Some("s"),
            Some("%41!$&'()*+,;=-._~:"),
            Some("h"),
            None,
            "",
            None,
            None,
        ),
    );
    // Digits after a colon look like a port until the "@".
    ok(
        "s://h:80@h2:81",
        (
            Some("s"),
            Some("h:80"),
            Some("h2"),
            Some("81"),
            "",
            None,
            None,
        ),
    );
    ok(
        "s://h:8x@h2",
        (Some("s"), Some("h:8x"), Some("h2"), None, "", None, None),
    );
    // A second "@" is not allowed in the host.
    fails("s://a@b@c", ErrorKind::InvalidHost, 7);
    fails("s://u%4@h", ErrorKind::InvalidPercentEncoding, 7);
    fails("s://u[@h", ErrorKind::InvalidHost, 5);
    fails("s://u:p[@h", ErrorKind::InvalidPort, 7);
}

#[test]
fn reg_name() {
    ok(
        "s://example.com",
        (Some("s"), None, Some("example.com"), None, "", None, None),
    );
    ok(
        "s://EXAMPLE.com",
        (Some("s"), None, Some("EXAMPLE.com"), None, "", None, None),
    );
    ok(
        "s://%E2%82%AC.example",
        (
            Some("s"),
            None,
            Some("%E2%82%AC.example"),
            None,
            "",
            None,
            None,
        ),
    );
    ok(
        "s://!$&'()*+,;=-._~",
        (
            Some("s"),
            None,
            Some("!$&'()*+,;=-._~"),
            None,
            "",
            None,
            None,
        ),
    );
    host_kind("s://", HostKind::RegName);
    host_kind("s:///p", HostKind::RegName);
    fails("http://exa mple.com/", ErrorKind::InvalidHost, 10);
    fails("s://a%2", ErrorKind::InvalidPercentEncoding, 7);
    fails("s://a%g1", ErrorKind::InvalidPercentEncoding, 6);
    fails("s://a]", ErrorKind::InvalidHost, 5);
    fails("s://a[b]", ErrorKind::InvalidHost, 5);
}

#[test]
fn ipv4_first_match_wins() {
    for n in [
        "0", "9", "10", "99", "100", "199", "200", "249", "250", "255",
    ] {
        host_kind(&format!("s://{n}.{n}.{n}.{n}/"), HostKind::Ipv4);
        host_kind(&format!("s://1.2.3.{n}"), HostKind::Ipv4);
        host_kind(&format!("s://{n}.1.2.3:80"), HostKind::Ipv4);
    }
    let u = UriRef::parse("s://192.0.2.16:80/").unwrap();
    assert_eq!(
        u.host_parsed(),
        Some(Host::Ipv4("192.0.2.16".parse().unwrap()))
    );
    // Near misses are registered names.
    for host in [
        "256.1.1.1",
        "1.2.3.256",
        "1.2.3.260",
        "1.2.3.300",
        "01.2.3.4",
        "1.2.3.04",
        "1.2.3",
        "1.2.3.4.",
        ".1.2.3.4",
        "1.2.3.4.5",
        "1..2.3",
        "0x1.2.3.4",
        "1.2.3.4a",
        "1.2.3.%34",
        "1.2.3.1000",
    ] {
        host_kind(&format!("s://{host}/"), HostKind::RegName);
    }
}

#[test]
fn ipv6_nine_forms() {
    for addr in [
        "1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:1.2.3.4",
        "::2:3:4:5:6:7:8",
        "::2:3:4:5:6:1.2.3.4",
        "1::3:4:5:6:7:8",
        "::3:4:5:6:7:8",
        "1::3:4:5:6:1.2.3.4",
        "1:2::4:5:6:7:8",
        "1::4:5:6:1.2.3.4",
        "1:2:3::5:6:7:8",
        "1:2:3::5:6:1.2.3.4",
        "1:2:3:4::6:7:8",
        "1:2:3:4::6:1.2.3.4",
        "1:2:3:4:5::7:8",
        "1:2:3:4:5::1.2.3.4",
        "::1.2.3.4",
        "1:2:3:4:5:6::8",
        "::8",
        "1:2:3:4:5:6:7::",
        "1::",
        "::",
        "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210",
        "abcd:ef01:2345:6789:abcd:ef01:2345:6789",
        "::ffff:192.0.2.1",
        "0000:0000:0000:0000:0000:0000:0000:0001",
    ] {
        let input = format!("http://[{addr}]:80/x");
        host_kind(&input, HostKind::Ipv6);
        let u = UriRef::parse(&input).unwrap();
        assert_eq!(
            u.host_parsed(),
            Some(Host::Ipv6(addr.parse().unwrap())),
            "{addr}"
        );
        assert_eq!(u.port(), Some("80"));
    }
}

#[test]
fn ipv6_invalid() {
    // Offsets count from the "[" at 7.
    fails(
        "http://[1:2:3:4:5:6:7:8:9]/",
        ErrorKind::InvalidHost,
        8 + 15,
    ); // too many groups
    fails("http://[1:2:3:4:5:6:7]/", ErrorKind::InvalidHost, 8 + 13); // too few, no "::"
    fails("http://[1::2::3]/", ErrorKind::InvalidHost, 8 + 5); // two "::"
    fails("http://[::1.2.3.256]/", ErrorKind::InvalidHost, 8 + 10); // bad embedded IPv4
    fails("http://[::1.2.3]/", ErrorKind::InvalidHost, 8 + 7);
    fails("http://[::01.2.3.4]/", ErrorKind::InvalidHost, 8 + 4);
    fails("http://[12345::]/", ErrorKind::InvalidHost, 8 + 4); // five hex digits
    fails(
        "http://[1:2:3:4:5:6:7:1.2.3.4]/",
        ErrorKind::InvalidHost,
        8 + 15,
    );
    fails("http://[::1/", ErrorKind::InvalidHost, 11); // unclosed
    fails("http://[::1", ErrorKind::InvalidHost, 11);
    fails("http://[", ErrorKind::InvalidHost, 8);
    fails("http://[]", ErrorKind::InvalidHost, 8);
    fails("http://[:]", ErrorKind::InvalidHost, 9);
    fails("http://[::1]x", ErrorKind::InvalidHost, 12);
    fails("http://[::1]@h", ErrorKind::InvalidHost, 12);
    fails("http://[::1]:8x", ErrorKind::InvalidPort, 14);
    // Zone identifiers (RFC 6874) are not RFC 3986.
    fails("http://[fe80::1%25eth0]/", ErrorKind::InvalidHost, 15);
    fails("http://[fe80::1%eth0]/", ErrorKind::InvalidHost, 15);
    // Not inside a reg-name or a userinfo.
    fails("http://a[::1]/", ErrorKind::InvalidHost, 8);
}

#[test]
fn ipvfuture() {
    for lit in [
        "v1.x",
        "V1.x",
        "vF.a:b",
        "v1a.!$&'()*+,;=-._~:",
        "v12345678.1",
    ] {
        let input = format!("s://[{lit}]/");
        host_kind(&input, HostKind::IpvFuture);
        assert_eq!(
            UriRef::parse(&input).unwrap().host_parsed(),
            Some(Host::IpvFuture(lit))
        );
    }
    host_kind("s://u@[v1.x]:80", HostKind::IpvFuture);
    fails("s://[v.x]", ErrorKind::InvalidHost, 6);
    fails("s://[vg.x]", ErrorKind::InvalidHost, 6);
    fails("s://[v1x]", ErrorKind::InvalidHost, 7);
    fails("s://[v1.]", ErrorKind::InvalidHost, 8);
    fails("s://[v1.%41]", ErrorKind::InvalidHost, 8);
    fails("s://[v1.x/]", ErrorKind::InvalidHost, 9);
}

#[test]
fn port() {
    ok(
        "s://h:",
        (Some("s"), None, Some("h"), Some(""), "", None, None),
    );
    ok(
        "s://h:0",
        (Some("s"), None, Some("h"), Some("0"), "", None, None),
    );
    ok(
        "s://h:65535/",
        (Some("s"), None, Some("h"), Some("65535"), "/", None, None),
    );
    // More than five digits is valid syntax; the number is reported out of range.
    let u = ok(
        "s://h:123456789012345678901",
        (
            Some("s"),
            None,
            Some("h"),
            Some("123456789012345678901"),
            "",
            None,
            None,
        ),
    );
    assert!(u.port_number().is_err());
    assert!(UriRef::parse("s://h:65536").unwrap().port_number().is_err());
    assert_eq!(
        UriRef::parse("s://h:65535").unwrap().port_number(),
        Ok(Some(65535))
    );
    assert_eq!(
        UriRef::parse("s://h:000000000000000080")
            .unwrap()
            .port_number(),
        Ok(Some(80))
    );
    assert_eq!(UriRef::parse("s://h:").unwrap().port_number(), Ok(None));
    assert_eq!(UriRef::parse("s://h").unwrap().port_number(), Ok(None));
    // Until an "@" or the end of the authority, this could be a userinfo.
    fails("http://example.com:80a/", ErrorKind::InvalidPort, 22);
    fails("s://h:1:2", ErrorKind::InvalidPort, 9);
    fails("s://h:-1", ErrorKind::InvalidPort, 8);
    // After an "@" the host is known, and the first non-digit fails.
    fails("http://u@example.com:80a/", ErrorKind::InvalidPort, 23);
    fails("s://u@h:1:2", ErrorKind::InvalidPort, 9);
    fails("s://u@h:1@", ErrorKind::InvalidPort, 9);
    fails("s://h:8 0", ErrorKind::InvalidPort, 7);
}

#[test]
fn paths() {
    // path-abempty
    ok("s://h", (Some("s"), None, Some("h"), None, "", None, None));
    ok(
        "s://h//a//",
        (Some("s"), None, Some("h"), None, "//a//", None, None),
    );
    // path-absolute
    ok("s:/", (Some("s"), None, None, None, "/", None, None));
    ok(
        "s:/a:b/@",
        (Some("s"), None, None, None, "/a:b/@", None, None),
    );
    ok("/a", (None, None, None, None, "/a", None, None));
    ok("/a:b", (None, None, None, None, "/a:b", None, None));
    // path-rootless
    ok("s:a/b", (Some("s"), None, None, None, "a/b", None, None));
    ok("s:a:b", (Some("s"), None, None, None, "a:b", None, None));
    // path-noscheme
    ok("a/b", (None, None, None, None, "a/b", None, None));
    ok("@a/b", (None, None, None, None, "@a/b", None, None));
    ok("%3A", (None, None, None, None, "%3A", None, None));
    ok(".", (None, None, None, None, ".", None, None));
    ok("..", (None, None, None, None, "..", None, None));
    ok("../../g", (None, None, None, None, "../../g", None, None));
    // path-empty
    ok("", (None, None, None, None, "", None, None));
    ok("s:", (Some("s"), None, None, None, "", None, None));
    ok("s:?q", (Some("s"), None, None, None, "", Some("q"), None));
    ok("?q", (None, None, None, None, "", Some("q"), None));
    ok("#f", (None, None, None, None, "", None, Some("f")));
    // Every pchar.
    valid("/azAZ09-._~!$&'()*+,;=:@%00%fF");
    fails("/a b", ErrorKind::InvalidPath, 2);
    fails("s:a b", ErrorKind::InvalidPath, 3);
    fails("a b:c", ErrorKind::InvalidPath, 1);
    fails("/%", ErrorKind::InvalidPercentEncoding, 2);
    fails("/%4", ErrorKind::InvalidPercentEncoding, 3);
    fails("/%4g", ErrorKind::InvalidPercentEncoding, 3);
    fails("/%g4", ErrorKind::InvalidPercentEncoding, 2);
    fails("1a:", ErrorKind::ColonInFirstSegment, 2);
    fails("%41:b", ErrorKind::ColonInFirstSegment, 3);
}

#[test]
fn query_and_fragment() {
    ok("s:?", (Some("s"), None, None, None, "", Some(""), None));
    ok("s:#", (Some("s"), None, None, None, "", None, Some("")));
    ok(
        "s:?#",
        (Some("s"), None, None, None, "", Some(""), Some("")),
    );
    ok(
        "s:??/?:@#/?:@",
        (Some("s"), None, None, None, "", Some("?/?:@"), Some("/?:@")),
    );
    ok(
        "s://h?q#f",
        (Some("s"), None, Some("h"), None, "", Some("q"), Some("f")),
    );
    ok(
        "?a=1&b=%20",
        (None, None, None, None, "", Some("a=1&b=%20"), None),
    );
    fails("/?a b", ErrorKind::InvalidQuery, 3);
    fails("/?%zz", ErrorKind::InvalidPercentEncoding, 3);
    fails("/?[", ErrorKind::InvalidQuery, 2);
    fails("/#a b", ErrorKind::InvalidFragment, 3);
    fails("/#a#b", ErrorKind::InvalidFragment, 3);
    fails("/##", ErrorKind::InvalidFragment, 2);
    fails("/#]", ErrorKind::InvalidFragment, 2);
}

#[test]
fn bytes_never_allowed() {
    let mut never: Vec<u8> = b" \"<>\\^`{|}".to_vec();
    never.extend(0x00..=0x1f);
    never.push(0x7f);
    never.extend(0x80..=0xff);
    for &b in &never {
        for (prefix, kind) in [
            ("s://h", ErrorKind::InvalidHost),
            ("s://u@h", ErrorKind::InvalidHost),
            ("s://h:1", ErrorKind::InvalidPort),
            ("s:/p", ErrorKind::InvalidPath),
            ("p", ErrorKind::InvalidPath),
            ("s:?q", ErrorKind::InvalidQuery),
            ("s:#f", ErrorKind::InvalidFragment),
        ] {
            let mut input = prefix.as_bytes().to_vec();
            input.push(b);
            input.extend_from_slice(b"x");
            let err = UriRef::parse_bytes(&input).unwrap_err();
            assert_eq!(
                (err.kind(), err.offset()),
                (kind, prefix.len()),
                "{input:?}"
            );
        }
    }
    // "[" and "]" outside a host; a second "#".
    fails("/[", ErrorKind::InvalidPath, 1);
    fails("/]", ErrorKind::InvalidPath, 1);
    fails("s:[::1]", ErrorKind::InvalidPath, 2);
    fails("?]", ErrorKind::InvalidQuery, 1);
    fails("#a#", ErrorKind::InvalidFragment, 2);
    // A non-ASCII character in a &str is an error at its first byte.
    fails("/caf\u{e9}", ErrorKind::InvalidPath, 4);
    fails("\u{feff}http://a/", ErrorKind::InvalidPath, 0);
}

#[test]
fn owned_and_borrowed_agree() {
    let owned: UriRefBuf = "http://u@h:1/p?q#f".parse().unwrap();
    let borrowed = UriRef::parse("http://u@h:1/p?q#f").unwrap();
    assert_eq!(owned, borrowed);
    assert_eq!(borrowed.to_owned(), owned);
    assert_eq!(owned.as_uri_ref().userinfo(), Some("u"));
    assert!(UriRefBuf::try_from(String::from("a b")).is_err());
    assert_eq!(format!("{borrowed}"), "http://u@h:1/p?q#f");
}

/// An input too long for u32 offsets is refused before any byte is read.
/// The zeroed allocation is only reserved address space, never touched.
#[test]
#[cfg(target_pointer_width = "64")]
fn longer_than_four_gib_is_an_error_not_a_panic() {
    let big = vec![0u8; u32::MAX as usize + 1];
    let err = UriRef::parse_bytes(&big).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::TooLong, u32::MAX as usize)
    );
}
