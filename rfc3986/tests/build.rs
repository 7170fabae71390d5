//! Building and setting components: each cross-component rule, each host
//! kind, the setters, one allocation per build, and a property test that
//! any components build a valid reference that reads back as given.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use proptest::prelude::*;
use rfc3986::encoding::decode_utf8;
use rfc3986::{BuildErrorKind, Builder, Component, Host, HostKind, UriRef, UriRefBuf};

// ---- helpers -------------------------------------------------------------

/// Builds, checks the text and that it parses to the same offsets.
#[track_caller]
fn built(builder: Builder<'_>, expected: &str) -> UriRefBuf {
    let uri = builder
        .build()
        .unwrap_or_else(|e| panic!("{expected:?}: {e}"));
    assert_eq!(uri.as_str(), expected);
    assert!(uri.check_invariants(), "{expected:?}");
    uri
}

#[track_caller]
fn fails(builder: Builder<'_>, kind: BuildErrorKind, offset: usize) {
    let err = builder.build().unwrap_err();
    assert_eq!((err.kind(), err.offset()), (kind, offset), "{err}");
}

/// Applies `set` to a parse of `input` and checks the text afterwards.
#[track_caller]
fn set(
    input: &str,
    set: impl FnOnce(&mut UriRefBuf) -> Result<(), rfc3986::BuildError>,
    expected: &str,
) {
    let mut uri = UriRefBuf::parse(input).unwrap();
    set(&mut uri).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    assert_eq!(uri.as_str(), expected, "from {input:?}");
    assert!(uri.check_invariants(), "{expected:?}");
}

/// Applies `set`, expects an error, and checks the reference is unchanged.
#[track_caller]
fn set_fails(
    input: &str,
    set: impl FnOnce(&mut UriRefBuf) -> Result<(), rfc3986::BuildError>,
    kind: BuildErrorKind,
) {
    let mut uri = UriRefBuf::parse(input).unwrap();
    let err = set(&mut uri).unwrap_err();
    assert_eq!(err.kind(), kind, "{input:?}");
    assert_eq!(uri.as_str(), input, "unchanged on error");
    assert!(uri.check_invariants());
}

fn b<'a>() -> Builder<'a> {
    Builder::new()
}

// ---- building ------------------------------------------------------------

#[test]
fn every_component() {
    built(
        b().scheme("foo")
            .userinfo("u")
            .host("example.com")
            .port("8042")
            .path("/over/there")
            .query("name=ferret")
            .fragment("nose"),
        "foo://u@example.com:8042/over/there?name=ferret#nose",
    );
    built(
        b().scheme("urn").path("example:animal:ferret:nose"),
        "urn:example:animal:ferret:nose",
    );
    built(b(), "");
    built(b().query("").fragment(""), "?#");
    built(b().host("").userinfo("").port(""), "//@:");
    built(b().scheme("file").host("").path("/etc"), "file:///etc");
    // None clears what an earlier call set.
    built(b().query("q").query(None).fragment("f").fragment(None), "");
}

#[test]
fn text_is_encoded_by_its_component_set() {
    built(b().segments(&["", "a/b"]), "/a%2Fb");
    built(b().query("a#b"), "?a%23b");
    built(b().userinfo("a@b").host("h"), "//a%40b@h");
    built(b().fragment("a#b c"), "#a%23b%20c");
    built(b().path("/a?b#c"), "/a%3Fb%23c");
    built(b().host("a:b@c"), "//a%3Ab%40c");
    built(b().path("/100%"), "/100%25");
    built(b().path("/%41"), "/%2541"); // % is data: nothing is encoded twice
                                       // Section 2.5: UTF-8 first.
    built(b().path("/A/À/ア"), "/A/%C3%80/%E3%82%A2");
}

#[test]
fn scheme_is_validated_and_lower_cased() {
    built(b().scheme("HTTP").host("h"), "http://h");
    built(b().scheme("A+b-C.9").path("x"), "a+b-c.9:x");
    fails(b().scheme(""), BuildErrorKind::InvalidScheme, 0);
    fails(b().scheme("1a"), BuildErrorKind::InvalidScheme, 0);
    fails(b().scheme("ht tp"), BuildErrorKind::InvalidScheme, 2);
    fails(b().scheme("a_b"), BuildErrorKind::InvalidScheme, 1);
    fails(b().scheme("é"), BuildErrorKind::InvalidScheme, 0);
    fails(b().scheme("a:"), BuildErrorKind::InvalidScheme, 1);
}

#[test]
fn port_is_digits_only() {
    built(b().host("h").port("0080"), "//h:0080");
    built(b().host("h").port("99999999999"), "//h:99999999999");
    built(b().host("h").port(""), "//h:");
    built(b().host("h").port_number(0), "//h:0");
    built(b().host("h").port_number(65535), "//h:65535");
    fails(b().host("h").port("8o"), BuildErrorKind::InvalidPort, 1);
    fails(b().host("h").port("-1"), BuildErrorKind::InvalidPort, 0);
    fails(b().host("h").port(" 80"), BuildErrorKind::InvalidPort, 0);
    fails(b().host("h").port("٣"), BuildErrorKind::InvalidPort, 0);
}

#[test]
fn userinfo_or_port_without_host_is_an_error() {
    fails(b().userinfo("u"), BuildErrorKind::UserinfoWithoutHost, 0);
    fails(b().userinfo(""), BuildErrorKind::UserinfoWithoutHost, 0);
    fails(b().port("80"), BuildErrorKind::PortWithoutHost, 0);
    fails(
        b().port_number(80).scheme("s"),
        BuildErrorKind::PortWithoutHost,
        0,
    );
    let err = b().userinfo("u").build().unwrap_err();
    assert_eq!(err.component(), Some(Component::Userinfo));
}

#[test]
fn authority_with_relative_path_is_an_error() {
    fails(
        b().host("h").path("a"),
        BuildErrorKind::RelativePathWithAuthority,
        0,
    );
    fails(
        b().host("h").path("a/b"),
        BuildErrorKind::RelativePathWithAuthority,
        0,
    );
    fails(
        b().host("").path("."),
        BuildErrorKind::RelativePathWithAuthority,
        0,
    );
    fails(
        b().host("h").segments(&["a", "b"]),
        BuildErrorKind::RelativePathWithAuthority,
        0,
    );
    built(b().host("h").path(""), "//h");
    built(b().host("h").path("/"), "//h/");
    built(b().host("h").path("//x"), "//h//x");
    built(b().host("h").segments(&[]), "//h");
    built(b().host("h").segments(&[""]), "//h/");
    built(b().host("h").segments(&["", "", "x"]), "//h//x");
}

#[test]
fn double_slash_path_without_authority_gets_slash_dot() {
    let uri = built(b().scheme("s").path("//x"), "s:/.//x");
    assert_eq!(uri.authority(), None);
    assert_eq!(uri.path(), "/.//x");
    built(b().path("//x"), "/.//x");
    built(b().path("//"), "/.//");
    built(b().scheme("s").segments(&["", "", "x"]), "s:/.//x");
    built(b().path("/x//"), "/x//"); // only a leading "//"
}

#[test]
fn colon_in_first_relative_segment_gets_dot_slash() {
    let uri = built(b().path("a:b"), "./a:b");
    assert_eq!(uri.scheme(), None);
    assert_eq!(uri.segments().collect::<Vec<_>>(), [".", "a:b"]);
    built(b().path("a:b/c").query("q"), "./a:b/c?q");
    built(b().segments(&["a:b", "c"]), "./a:b/c");
    built(b().path(":"), "./:");
    // Only the first segment, and only with neither scheme nor authority.
    built(b().path("a/b:c"), "a/b:c");
    built(b().path("/a:b"), "/a:b");
    built(b().scheme("s").path("a:b"), "s:a:b");
    built(b().host("h").path("/a:b"), "//h/a:b");
}

#[test]
fn segments_follow_the_element_model() {
    built(b().segments(&["", "a", "b"]), "/a/b");
    built(b().segments(&[""]), "/");
    built(b().segments(&[]), "");
    built(b().segments(&["a", ""]), "a/");
    built(b().segments(&["", "a", ""]), "/a/");
    built(b().segments(&["a", "", "b"]), "a//b");
    // The one case the model cannot tell apart: the root, then an empty segment.
    let uri = built(b().segments(&["", ""]), "/");
    assert_eq!(uri.segments().collect::<Vec<_>>(), [""]);
}

#[test]
fn each_host_kind() {
    let kind = |uri: &UriRefBuf| uri.host_kind();
    let uri = built(b().host("example.com"), "//example.com");
    assert_eq!(kind(&uri), Some(HostKind::RegName));
    let uri = built(b().host("bücher.example"), "//b%C3%BCcher.example");
    assert_eq!(
        uri.host_decoded().unwrap().to_utf8().unwrap(),
        "bücher.example"
    );
    let uri = built(b().host_ip(Ipv4Addr::new(192, 0, 2, 1)), "//192.0.2.1");
    assert_eq!(
        uri.host_parsed(),
        Some(Host::Ipv4(Ipv4Addr::new(192, 0, 2, 1)))
    );
    let uri = built(
        b().host_ip(Ipv6Addr::LOCALHOST).port_number(80),
        "//[::1]:80",
    );
    assert_eq!(uri.host_parsed(), Some(Host::Ipv6(Ipv6Addr::LOCALHOST)));
    let v4: IpAddr = "10.0.0.1".parse().unwrap();
    let v6: IpAddr = "2001:DB8:0:0:8:800:200C:417A".parse().unwrap();
    assert_eq!(
        kind(&built(b().host_ip(v4), "//10.0.0.1")),
        Some(HostKind::Ipv4)
    );
    assert_eq!(
        kind(&built(b().host_ip(v6), "//[2001:db8::8:800:200c:417a]")),
        Some(HostKind::Ipv6)
    );
    let mapped: Ipv6Addr = "::ffff:1.2.3.4".parse().unwrap();
    let uri = built(b().host_ip(mapped), "//[::ffff:1.2.3.4]");
    assert_eq!(uri.host_parsed(), Some(Host::Ipv6(mapped)));
    let uri = built(b().host_ipvfuture("v7.a:b!"), "//[v7.a:b!]");
    assert_eq!(kind(&uri), Some(HostKind::IpvFuture));
    assert_eq!(uri.host_parsed(), Some(Host::IpvFuture("v7.a:b!")));
    fails(b().host_ipvfuture("7.x"), BuildErrorKind::InvalidHost, 0);
    fails(b().host_ipvfuture("v7."), BuildErrorKind::InvalidHost, 3);
    fails(b().host_ipvfuture("v7.x]"), BuildErrorKind::InvalidHost, 4);
    fails(b().host_ipvfuture("[v7.x]"), BuildErrorKind::InvalidHost, 0);
    let uri = built(b().host(""), "//");
    assert_eq!(
        (uri.host(), kind(&uri)),
        (Some(""), Some(HostKind::RegName))
    );
}

#[test]
fn text_hosts_that_look_like_ip_addresses() {
    // An IP literal is written as given, never encoded into a reg-name.
    let uri = built(b().host("[::1]"), "//[::1]");
    assert_eq!(uri.host_kind(), Some(HostKind::Ipv6));
    let uri = built(b().host("[V1.x]"), "//[V1.x]");
    assert_eq!(uri.host_kind(), Some(HostKind::IpvFuture));
    fails(b().host("[::1"), BuildErrorKind::InvalidHost, 4);
    fails(b().host("[::1]:80"), BuildErrorKind::InvalidHost, 5);
    fails(b().host("[example.com]"), BuildErrorKind::InvalidHost, 2); // "[e" could start IPv6
    fails(b().host("[fe80::1%25eth0]"), BuildErrorKind::InvalidHost, 8);
    // First-match-wins: text matching IPv4address is an IPv4 host, as given.
    let uri = built(b().host("1.2.3.4"), "//1.2.3.4");
    assert_eq!(uri.host_kind(), Some(HostKind::Ipv4));
    // Look-alikes stay registered names, as every parser reads them.
    for text in ["01.2.3.4", "1.2.3", "1.2.3.256", "0x7f.1"] {
        let uri = b().host(text).build().unwrap();
        assert_eq!(
            (uri.host(), uri.host_kind()),
            (Some(text), Some(HostKind::RegName))
        );
    }
    // A bracket elsewhere is data in a registered name.
    built(b().host("a[b]"), "//a%5Bb%5D");
}

// ---- setters -------------------------------------------------------------

#[test]
fn setting_and_clearing_each_component() {
    set("http://h/p", |u| u.set_scheme("FTP"), "ftp://h/p");
    set("//h/p", |u| u.set_scheme("s"), "s://h/p");
    set("http://h/p", |u| u.set_scheme(None), "//h/p");
    set(
        "http://h/p",
        |u| u.set_userinfo("a@b:c"),
        "http://a%40b:c@h/p",
    );
    set("http://x@h/p", |u| u.set_userinfo(""), "http://@h/p");
    set("http://x@h/p", |u| u.set_userinfo(None), "http://h/p");
    set(
        "http://u@h:1/p",
        |u| u.set_host("ex ample"),
        "http://u@ex%20ample:1/p",
    );
    set("http://h/p", |u| u.set_host(""), "http:///p");
    set("http:/p", |u| u.set_host("h"), "http://h/p");
    set("/p?q", |u| u.set_host("h"), "//h/p?q");
    set("", |u| u.set_host("h"), "//h");
    set("http://h/p", |u| u.set_host(None), "http:/p");
    set("http://h:1/p", |u| u.set_port("8080"), "http://h:8080/p");
    set("http://h/p", |u| u.set_port(""), "http://h:/p");
    set("http://h:1/p", |u| u.set_port(None), "http://h/p");
    set("http://h:1/p", |u| u.set_port_number(None), "http://h/p");
    set("http://h/p", |u| u.set_port_number(443), "http://h:443/p");
    set("http://h/p?q", |u| u.set_path("/a b"), "http://h/a%20b?q");
    set("http://h/p?q", |u| u.set_path(""), "http://h?q");
    set("a/b#f", |u| u.set_path("c/d"), "c/d#f");
    set(
        "http://h/p",
        |u| u.set_segments(&["", "a/b", "c"]),
        "http://h/a%2Fb/c",
    );
    set(
        "x",
        |u| u.set_segments(&[String::from("a"), String::new()]),
        "a/",
    );
    set("/p#f", |u| u.set_query("a=#"), "/p?a=%23#f");
    set("/p?old#f", |u| u.set_query(""), "/p?#f");
    set("/p?q#f", |u| u.set_query(None), "/p#f");
    set("/p?q", |u| u.set_fragment("x y"), "/p?q#x%20y");
    set("/p#f", |u| u.set_fragment(None), "/p");
    set("/p", |u| u.set_fragment(None), "/p");
    set("/p", |u| u.set_query(None), "/p");
}

#[test]
fn setting_hosts_of_each_kind() {
    set(
        "http://h:1/",
        |u| u.set_host_ip(Ipv4Addr::LOCALHOST),
        "http://127.0.0.1:1/",
    );
    set(
        "http://h/",
        |u| u.set_host_ip(Ipv6Addr::LOCALHOST),
        "http://[::1]/",
    );
    set(
        "http:/p",
        |u| u.set_host_ip(Ipv6Addr::LOCALHOST),
        "http://[::1]/p",
    );
    set(
        "http://[::1]/",
        |u| u.set_host_ipvfuture("v1.x"),
        "http://[v1.x]/",
    );
    set(
        "http://[::1]/",
        |u| u.set_host("1.2.3.4"),
        "http://1.2.3.4/",
    );
    set("http://1.2.3.4/", |u| u.set_host("[::2]"), "http://[::2]/");
    let mut uri = UriRefBuf::parse("http://[::1]/").unwrap();
    uri.set_host("example.com").unwrap();
    assert_eq!(uri.host_kind(), Some(HostKind::RegName));
    uri.set_host("1.2.3.4").unwrap();
    assert_eq!(uri.host_kind(), Some(HostKind::Ipv4));
    uri.set_host_ipvfuture("v9.a").unwrap();
    assert_eq!(uri.host_kind(), Some(HostKind::IpvFuture));
    set_fails(
        "http://h/",
        |u| u.set_host("[::1"),
        BuildErrorKind::InvalidHost,
    );
    set_fails(
        "http://h/",
        |u| u.set_host_ipvfuture("x"),
        BuildErrorKind::InvalidHost,
    );
}

#[test]
fn setters_keep_the_cross_component_rules() {
    // Clearing the authority of s://h//x must not make x a host.
    set("s://h//x", |u| u.set_host(None), "s:/.//x");
    let mut uri = UriRefBuf::parse("s://u@h:1//x?q").unwrap();
    uri.clear_authority();
    assert_eq!((uri.as_str(), uri.path()), ("s:/.//x?q", "/.//x"));
    set("//h//x", |u| u.set_host(None), "/.//x");
    set("//h/a:b", |u| u.set_host(None), "/a:b");
    // Clearing the scheme of s:a:b must not make a a scheme.
    set("s:a:b", |u| u.set_scheme(None), "./a:b");
    set("s:a:b/c?q#f", |u| u.set_scheme(None), "./a:b/c?q#f");
    set("s:a/b:c", |u| u.set_scheme(None), "a/b:c");
    set("s://h/a:b", |u| u.set_scheme(None), "//h/a:b");
    // Setting a path without an authority.
    set("s:x", |u| u.set_path("//y"), "s:/.//y");
    set("?q", |u| u.set_path("a:b"), "./a:b?q");
    set("?q", |u| u.set_segments(&["", "", "y"]), "/.//y?q");
    // A prefix that is no longer needed stays: it is the path as read.
    set("s:/.//x", |u| u.set_host("h"), "s://h/.//x");
    set("./a:b", |u| u.set_scheme("s"), "s:./a:b");
    // Errors, and the reference is left as it was.
    set_fails(
        "s:a",
        |u| u.set_host("h"),
        BuildErrorKind::RelativePathWithAuthority,
    );
    set_fails(
        "./a:b",
        |u| u.set_host("h"),
        BuildErrorKind::RelativePathWithAuthority,
    );
    set_fails(
        "s:a",
        |u| u.set_host_ip(Ipv4Addr::LOCALHOST),
        BuildErrorKind::RelativePathWithAuthority,
    );
    set_fails(
        "//h/a",
        |u| u.set_path("b"),
        BuildErrorKind::RelativePathWithAuthority,
    );
    set_fails(
        "//h/a",
        |u| u.set_segments(&["b"]),
        BuildErrorKind::RelativePathWithAuthority,
    );
    set_fails(
        "/p",
        |u| u.set_userinfo("u"),
        BuildErrorKind::UserinfoWithoutHost,
    );
    set_fails("/p", |u| u.set_port("1"), BuildErrorKind::PortWithoutHost);
    set_fails(
        "//u@h/p",
        |u| u.set_host(None),
        BuildErrorKind::UserinfoWithoutHost,
    );
    set_fails(
        "//h:1/p",
        |u| u.set_host(None),
        BuildErrorKind::PortWithoutHost,
    );
    set_fails("//h:1/p", |u| u.set_port("x"), BuildErrorKind::InvalidPort);
    set_fails("a:b", |u| u.set_scheme("1"), BuildErrorKind::InvalidScheme);
    // Removing what is absent is not an error.
    set("/p", |u| u.set_userinfo(None), "/p");
    set("/p", |u| u.set_port(None), "/p");
    set("/p", |u| u.set_host(None), "/p");
}

#[test]
fn setters_chain_to_what_the_builder_writes() {
    let mut uri = UriRefBuf::parse("").unwrap();
    uri.set_fragment("f").unwrap();
    uri.set_query("q").unwrap();
    uri.set_path("/p").unwrap();
    uri.set_host("h").unwrap();
    uri.set_port("1").unwrap();
    uri.set_userinfo("u").unwrap();
    uri.set_scheme("S").unwrap();
    let from_builder = b()
        .scheme("S")
        .userinfo("u")
        .host("h")
        .port("1")
        .path("/p")
        .query("q")
        .fragment("f")
        .build()
        .unwrap();
    assert_eq!(uri, from_builder);
    assert!(uri.check_invariants());
}

// ---- properties ------------------------------------------------------------

#[derive(Clone, Debug)]
enum HostChoice {
    Text(String),
    Ip(IpAddr),
    IpvFuture(String),
}

#[derive(Clone, Debug)]
enum PathChoice {
    Text(String),
    Segments(Vec<String>),
}

#[derive(Clone, Debug)]
struct Parts {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<HostChoice>,
    port: Option<String>,
    path: PathChoice,
    query: Option<String>,
    fragment: Option<String>,
}

/// Text with the characters that matter to the rules, or any Unicode.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[/:@?#%\\[\\].a1 é]{0,6}",
        // Shapes the guards and the authority rule care about.
        "(//|/|\\./|a:b|:|/\\.//)[/:a%.]{0,4}",
    ]
}

fn host() -> impl Strategy<Value = HostChoice> {
    prop_oneof![
        text().prop_map(HostChoice::Text),
        // IP literals, valid or not, and IPv4 addresses and look-alikes.
        "\\[[0-9a-fA-F:.vV]{0,8}\\]?".prop_map(HostChoice::Text),
        "[0-9]{1,3}(\\.[0-9]{1,3}){2,3}".prop_map(HostChoice::Text),
        any::<IpAddr>().prop_map(HostChoice::Ip),
        "[vV][0-9a-f]{0,2}\\.?[a-z:!]{0,3}".prop_map(HostChoice::IpvFuture),
    ]
}

fn parts() -> impl Strategy<Value = Parts> {
    (
        proptest::option::of("[a-zA-Z][a-zA-Z0-9+.-]{0,5}|[a-z0-9 _:]{0,3}"),
        proptest::option::of(text()),
        proptest::option::of(host()),
        proptest::option::of("[0-9]{0,6}|[0-9a :]{1,3}"),
        prop_oneof![
            text().prop_map(PathChoice::Text),
            proptest::collection::vec(text(), 0..5).prop_map(PathChoice::Segments),
        ],
        proptest::option::of(text()),
        proptest::option::of(text()),
    )
        .prop_map(
            |(scheme, userinfo, host, port, path, query, fragment)| Parts {
                scheme,
                userinfo,
                host,
                port,
                path,
                query,
                fragment,
            },
        )
}

fn is_scheme(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
}

fn is_ip_literal(text: &str) -> bool {
    UriRef::parse(&format!("//{text}")).is_ok_and(|u| u.host() == Some(text))
}

/// The errors the documented rules call for (any one may be reported).
fn expected_errors(p: &Parts) -> Vec<BuildErrorKind> {
    let mut errors = Vec::new();
    if p.scheme.as_deref().is_some_and(|s| !is_scheme(s)) {
        errors.push(BuildErrorKind::InvalidScheme);
    }
    match &p.host {
        Some(HostChoice::Text(t)) if t.starts_with('[') && !is_ip_literal(t) => {
            errors.push(BuildErrorKind::InvalidHost)
        }
        Some(HostChoice::IpvFuture(t)) if !is_ip_literal(&format!("[{t}]")) => {
            errors.push(BuildErrorKind::InvalidHost)
        }
        _ => {}
    }
    if p.port
        .as_deref()
        .is_some_and(|d| !d.bytes().all(|b| b.is_ascii_digit()))
    {
        errors.push(BuildErrorKind::InvalidPort);
    }
    if p.host.is_none() && p.userinfo.is_some() {
        errors.push(BuildErrorKind::UserinfoWithoutHost);
    }
    if p.host.is_none() && p.port.is_some() {
        errors.push(BuildErrorKind::PortWithoutHost);
    }
    let path_fits = match &p.path {
        PathChoice::Text(t) => t.is_empty() || t.starts_with('/'),
        PathChoice::Segments(s) => s.first().is_none_or(String::is_empty),
    };
    if p.host.is_some() && !path_fits {
        errors.push(BuildErrorKind::RelativePathWithAuthority);
    }
    errors
}

fn decoded(text: &str) -> String {
    decode_utf8(text).unwrap().into_owned()
}

/// Checks that every component of `uri` reads back as `p` gave it, allowing
/// exactly the documented differences: the scheme in lower case, the "/."
/// or "./" guard before the path, and segments `["", ""]` read as `[""]`.
fn reads_back(uri: &UriRefBuf, p: &Parts) -> Result<(), TestCaseError> {
    let reparsed = UriRef::parse(uri.as_str());
    prop_assert!(reparsed.is_ok(), "{:?} does not parse", uri.as_str());
    prop_assert!(uri.check_invariants());
    prop_assert_eq!(
        uri.scheme().map(str::to_string),
        p.scheme.as_ref().map(|s| s.to_ascii_lowercase())
    );
    prop_assert_eq!(uri.userinfo().map(decoded), p.userinfo.clone());
    match &p.host {
        None => prop_assert_eq!(uri.host(), None),
        Some(HostChoice::Text(t)) => {
            prop_assert_eq!(uri.host().map(decoded), Some(t.clone()));
            let ipv4 = t.parse::<Ipv4Addr>().is_ok();
            prop_assert_eq!(uri.host_kind() == Some(HostKind::Ipv4), ipv4);
            if t.starts_with('[') {
                prop_assert_eq!(uri.host(), Some(t.as_str()));
            }
        }
        Some(HostChoice::Ip(IpAddr::V4(ip))) => {
            prop_assert_eq!(uri.host_parsed(), Some(Host::Ipv4(*ip)))
        }
        Some(HostChoice::Ip(IpAddr::V6(ip))) => {
            prop_assert_eq!(uri.host_parsed(), Some(Host::Ipv6(*ip)))
        }
        Some(HostChoice::IpvFuture(t)) => {
            prop_assert_eq!(uri.host_parsed(), Some(Host::IpvFuture(t)))
        }
    }
    prop_assert_eq!(uri.port(), p.port.as_deref());

    // The guard the rules call for, computed from the inputs.
    let has_authority = p.host.is_some();
    let given_path = match &p.path {
        PathChoice::Text(t) => t.clone(),
        PathChoice::Segments(s) if s.len() == 1 && s[0].is_empty() => "/".to_string(),
        PathChoice::Segments(s) => s
            .iter()
            .map(|x| x.replace('/', "\u{0}"))
            .collect::<Vec<_>>()
            .join("/"),
    };
    let first_segment = given_path.split('/').next().unwrap_or_default();
    let guard = if has_authority {
        ""
    } else if given_path.starts_with("//") {
        "/."
    } else if p.scheme.is_none() && first_segment.contains(':') {
        "./"
    } else {
        ""
    };
    let path = uri.path();
    prop_assert!(path.starts_with(guard), "{:?} lacks {:?}", path, guard);
    let unguarded = &path[guard.len()..];
    match &p.path {
        PathChoice::Text(t) => prop_assert_eq!(&decoded(unguarded), t),
        PathChoice::Segments(s) => {
            let mut got: Vec<String> = uri.segments().map(decoded).collect();
            // The guard is one "." segment: second after "/", or first.
            match guard {
                "/." => drop(got.remove(1)),
                "./" => drop(got.remove(0)),
                _ => {}
            }
            let mut expected = s.clone();
            if expected == ["", ""] {
                expected = vec![String::new()];
            }
            prop_assert_eq!(got, expected);
        }
    }
    prop_assert_eq!(uri.query().map(decoded), p.query.clone());
    prop_assert_eq!(uri.fragment().map(decoded), p.fragment.clone());
    Ok(())
}

fn build(p: &Parts) -> Result<UriRefBuf, rfc3986::BuildError> {
    let segments: Vec<&str> = match &p.path {
        PathChoice::Segments(s) => s.iter().map(String::as_str).collect(),
        PathChoice::Text(_) => Vec::new(),
    };
    let mut builder = Builder::new()
        .scheme(p.scheme.as_deref())
        .userinfo(p.userinfo.as_deref())
        .port(p.port.as_deref())
        .query(p.query.as_deref())
        .fragment(p.fragment.as_deref());
    builder = match &p.host {
        None => builder.host(None),
        Some(HostChoice::Text(t)) => builder.host(t.as_str()),
        Some(HostChoice::Ip(ip)) => builder.host_ip(*ip),
        Some(HostChoice::IpvFuture(t)) => builder.host_ipvfuture(t),
    };
    builder = match &p.path {
        PathChoice::Text(t) => builder.path(t),
        PathChoice::Segments(_) => builder.segments(&segments),
    };
    builder.build()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// Any components give either the documented error or a valid reference
    /// whose components decode back to what was given.
    #[test]
    fn built_references_parse_and_read_back(p in parts()) {
        let errors = expected_errors(&p);
        match build(&p) {
            Ok(uri) => {
                prop_assert!(errors.is_empty(), "expected {:?}, built {:?}", errors, uri.as_str());
                reads_back(&uri, &p)?;
            }
            Err(err) => prop_assert!(errors.contains(&err.kind()), "{:?} not in {:?}", err.kind(), errors),
        }
    }
}

#[derive(Clone, Debug)]
enum Op {
    Scheme(Option<String>),
    Userinfo(Option<String>),
    Host(Option<HostChoice>),
    Port(Option<String>),
    Path(String),
    Segments(Vec<String>),
    Query(Option<String>),
    Fragment(Option<String>),
    ClearAuthority,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        proptest::option::of("[a-zA-Z][a-zA-Z0-9+.-]{0,3}|[a-z0-9 _:]{0,2}").prop_map(Op::Scheme),
        proptest::option::of(text()).prop_map(Op::Userinfo),
        proptest::option::of(host()).prop_map(Op::Host),
        proptest::option::of("[0-9]{0,4}|[0-9a :]{1,2}").prop_map(Op::Port),
        text().prop_map(Op::Path),
        proptest::collection::vec(text(), 0..4).prop_map(Op::Segments),
        proptest::option::of(text()).prop_map(Op::Query),
        proptest::option::of(text()).prop_map(Op::Fragment),
        Just(Op::ClearAuthority),
    ]
}

/// The section 5.3 writer's guard, transcribed from the rules.
fn guard(has_scheme: bool, has_authority: bool, path: &str) -> &'static str {
    let first_segment = path.split('/').next().unwrap_or_default();
    if has_authority {
        ""
    } else if path.starts_with("//") {
        "/."
    } else if !has_scheme && first_segment.contains(':') {
        "./"
    } else {
        ""
    }
}

type Snapshot = [Option<String>; 6];

/// Every component but the path, as written.
fn snapshot(uri: &UriRefBuf) -> Snapshot {
    [
        uri.scheme(),
        uri.userinfo(),
        uri.host(),
        uri.port(),
        uri.query(),
        uri.fragment(),
    ]
    .map(|c| c.map(str::to_string))
}

/// The errors the rules call for when applying `op` to `uri`.
fn op_errors(uri: &UriRefBuf, op: &Op) -> Vec<BuildErrorKind> {
    let has_authority = uri.has_authority();
    let path_fits = |fits: bool| {
        if has_authority && !fits {
            vec![BuildErrorKind::RelativePathWithAuthority]
        } else {
            vec![]
        }
    };
    match op {
        Op::Scheme(Some(s)) if !is_scheme(s) => vec![BuildErrorKind::InvalidScheme],
        Op::Userinfo(Some(_)) if !has_authority => vec![BuildErrorKind::UserinfoWithoutHost],
        Op::Host(Some(h)) => {
            let mut errors = expected_errors(&Parts {
                scheme: None,
                userinfo: None,
                host: Some(h.clone()),
                port: None,
                path: PathChoice::Text(uri.path().to_string()),
                query: None,
                fragment: None,
            });
            // Only a new authority needs the path to fit.
            if has_authority {
                errors.retain(|k| *k != BuildErrorKind::RelativePathWithAuthority);
            }
            errors
        }
        Op::Host(None) if uri.userinfo().is_some() => vec![BuildErrorKind::UserinfoWithoutHost],
        Op::Host(None) if uri.port().is_some() => vec![BuildErrorKind::PortWithoutHost],
        Op::Port(Some(p)) if !p.bytes().all(|b| b.is_ascii_digit()) => {
            vec![BuildErrorKind::InvalidPort]
        }
        Op::Port(Some(_)) if !has_authority => vec![BuildErrorKind::PortWithoutHost],
        Op::Path(t) => path_fits(t.is_empty() || t.starts_with('/')),
        Op::Segments(s) => path_fits(s.first().is_none_or(String::is_empty)),
        _ => vec![],
    }
}

/// Applies `op` and checks the outcome against the rules.
fn apply(uri: &mut UriRefBuf, op: &Op) -> Result<(), TestCaseError> {
    let before = uri.clone();
    let errors = op_errors(uri, op);
    let result = match op {
        Op::Scheme(s) => uri.set_scheme(s.as_deref()),
        Op::Userinfo(u) => uri.set_userinfo(u.as_deref()),
        Op::Host(None) => uri.set_host(None),
        Op::Host(Some(HostChoice::Text(t))) => uri.set_host(t.as_str()),
        Op::Host(Some(HostChoice::Ip(ip))) => uri.set_host_ip(*ip),
        Op::Host(Some(HostChoice::IpvFuture(t))) => uri.set_host_ipvfuture(t),
        Op::Port(p) => uri.set_port(p.as_deref()),
        Op::Path(t) => uri.set_path(t),
        Op::Segments(s) => uri.set_segments(s),
        Op::Query(q) => uri.set_query(q.as_deref()),
        Op::Fragment(f) => uri.set_fragment(f.as_deref()),
        Op::ClearAuthority => {
            uri.clear_authority();
            Ok(())
        }
    };
    prop_assert!(uri.check_invariants(), "{:?}", uri.as_str());
    prop_assert!(UriRef::parse(uri.as_str()).is_ok());
    if let Err(err) = result {
        prop_assert!(
            errors.contains(&err.kind()),
            "{:?} not in {:?}",
            err.kind(),
            errors
        );
        prop_assert_eq!(&*uri, &before, "changed on error");
        return Ok(());
    }
    prop_assert!(
        errors.is_empty(),
        "expected {:?}, got {:?}",
        errors,
        uri.as_str()
    );

    // The component set reads back; every other one is as it was.
    let (mut old, new) = (snapshot(&before), snapshot(uri));
    let mut expected_path = None;
    match op {
        Op::Scheme(s) => old[0] = s.as_ref().map(|s| s.to_ascii_lowercase()),
        Op::Userinfo(u) => {
            prop_assert_eq!(uri.userinfo().map(decoded), u.clone());
            old[1] = new[1].clone();
        }
        Op::Host(h) => {
            match h {
                None => prop_assert_eq!(uri.host(), None),
                Some(HostChoice::Text(t)) => {
                    prop_assert_eq!(uri.host().map(decoded), Some(t.clone()))
                }
                Some(HostChoice::Ip(IpAddr::V4(ip))) => {
                    prop_assert_eq!(uri.host_parsed(), Some(Host::Ipv4(*ip)))
                }
                Some(HostChoice::Ip(IpAddr::V6(ip))) => {
                    prop_assert_eq!(uri.host_parsed(), Some(Host::Ipv6(*ip)))
                }
                Some(HostChoice::IpvFuture(t)) => {
                    prop_assert_eq!(uri.host_parsed(), Some(Host::IpvFuture(t)))
                }
            }
            old[2] = new[2].clone();
        }
        Op::ClearAuthority => old[1..4].fill(None),
        Op::Port(p) => old[3] = p.clone(),
        Op::Path(t) => expected_path = Some(t.clone()),
        Op::Segments(s) => {
            let mut got: Vec<String> = uri.segments().map(decoded).collect();
            let joined = s
                .iter()
                .map(|x| x.replace('/', "\u{0}"))
                .collect::<Vec<_>>()
                .join("/");
            let joined = if s.len() == 1 && s[0].is_empty() {
                "/".to_string()
            } else {
                joined
            };
            match guard(uri.scheme().is_some(), uri.has_authority(), &joined) {
                "/." => drop(got.remove(1)),
                "./" => drop(got.remove(0)),
                _ => {}
            }
            let expected = if s == &["", ""] {
                vec![String::new()]
            } else {
                s.clone()
            };
            prop_assert_eq!(got, expected);
        }
        Op::Query(q) => {
            prop_assert_eq!(uri.query().map(decoded), q.clone());
            old[4] = new[4].clone();
        }
        Op::Fragment(f) => {
            prop_assert_eq!(uri.fragment().map(decoded), f.clone());
            old[5] = new[5].clone();
        }
    }
    prop_assert_eq!(&old, &new, "{:?} -> {:?}", before.as_str(), uri.as_str());
    // The path: as given (or as before), after the guard the rules call for.
    let (has_scheme, has_authority) = (uri.scheme().is_some(), uri.has_authority());
    let path = uri.path();
    match expected_path {
        // Encoding keeps '/' and ':', so the given text decides the guard.
        Some(given) => {
            let prefix = guard(has_scheme, has_authority, &given);
            prop_assert!(path.starts_with(prefix), "{:?} lacks {:?}", path, prefix);
            prop_assert_eq!(decoded(&path[prefix.len()..]), given);
        }
        None if !matches!(op, Op::Segments(_)) => {
            let prefix = guard(has_scheme, has_authority, before.path());
            prop_assert_eq!(path, format!("{prefix}{}", before.path()));
        }
        None => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    /// Any sequence of setters on any built reference: each succeeds or fails
    /// as the rules say, an error changes nothing, the component set reads
    /// back, and the others stay as they were (the path gaining at most the
    /// guard the rules call for).
    #[test]
    fn setters_keep_every_rule(from in parts(), ops in proptest::collection::vec(op(), 1..7)) {
        let Ok(mut uri) = build(&from) else { return Ok(()) };
        for op in &ops {
            apply(&mut uri, op)?;
        }
    }
}
