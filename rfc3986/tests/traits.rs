//! The standard traits and conversions of `UriRef` and `UriRefBuf`.

use std::collections::{BTreeSet, HashSet};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::str::FromStr;

use rfc3986::{Host, ParseError, UriRef, UriRefBuf};

#[test]
fn from_str_and_try_from() {
    let a = UriRefBuf::from_str("http://a/b").unwrap();
    let b: UriRefBuf = "http://a/b".parse().unwrap();
    let c = UriRefBuf::try_from("http://a/b").unwrap();
    let d = UriRefBuf::try_from(String::from("http://a/b")).unwrap();
    let e = UriRefBuf::try_from(&b"http://a/b"[..]).unwrap();
    let f = UriRef::try_from("http://a/b").unwrap();
    let g = UriRef::try_from(&b"http://a/b"[..]).unwrap();
    for x in [&a, &b, &c, &d, &e] {
        assert_eq!(x, &a);
        assert_eq!(x, &f);
        assert_eq!(f, *x);
    }
    assert_eq!(f, g);
    let err: ParseError = UriRefBuf::from_str("a b").unwrap_err();
    assert_eq!(err.offset(), 1);
    assert!(UriRef::try_from(&b"\xff"[..]).is_err());
}

#[test]
fn display_as_ref_and_str_equality() {
    let u = UriRef::parse("HTTP://A/%7e").unwrap();
    assert_eq!(u.to_string(), "HTTP://A/%7e");
    assert_eq!(format!("{u}"), "HTTP://A/%7e");
    let s: &str = u.as_ref();
    assert_eq!(s, "HTTP://A/%7e");
    assert!(u == "HTTP://A/%7e");
    assert!(u == *"HTTP://A/%7e");
    let owned = u.to_owned();
    assert!(owned == "HTTP://A/%7e");
    assert_eq!(String::from(owned.clone()), "HTTP://A/%7e");
    assert_eq!(owned.into_string(), "HTTP://A/%7e");
}

#[test]
fn debug_shows_components() {
    let u = UriRef::parse("http://u@h:1/p?q#f").unwrap();
    let debug = format!("{u:?}");
    for part in [
        "UriRef",
        "scheme: Some(\"http\")",
        "userinfo: Some(\"u\")",
        "host: Some(\"h\")",
        "port: Some(\"1\")",
        "path: \"/p\"",
        "query: Some(\"q\")",
        "fragment: Some(\"f\")",
    ] {
        assert!(debug.contains(part), "{debug} lacks {part}");
    }
    assert!(format!("{:?}", u.to_owned()).starts_with("UriRefBuf"));
}

#[test]
fn eq_ord_hash_are_exact_text() {
    let a = UriRefBuf::parse("http://a/").unwrap();
    let b = UriRefBuf::parse("HTTP://a/").unwrap();
    assert_ne!(a, b, "equivalent but not equal: compare by text");
    let set: HashSet<_> = [a.clone(), b.clone(), a.clone()].into_iter().collect();
    assert_eq!(set.len(), 2);
    let sorted: BTreeSet<_> = [a.clone(), b.clone()].into_iter().collect();
    assert_eq!(sorted.iter().next().unwrap(), &b, "ordered as the text is");
    assert!(UriRef::parse("a").unwrap() < UriRef::parse("b").unwrap());
    let copy = a.as_uri_ref();
    let clone = a.clone();
    assert_eq!(copy, clone);
}

#[test]
fn std_net_conversions() {
    let u = UriRef::parse("http://192.0.2.1:8080/").unwrap();
    assert_eq!(u.host_ip(), Some(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1))));
    assert_eq!(
        u.socket_addr(),
        Some(SocketAddr::from(([192, 0, 2, 1], 8080)))
    );
    let u = UriRefBuf::parse("http://[2001:db8::1]:443").unwrap();
    let v6: Ipv6Addr = "2001:db8::1".parse().unwrap();
    assert_eq!(u.host_parsed(), Some(Host::Ipv6(v6)));
    assert_eq!(u.socket_addr(), Some(SocketAddr::from((v6, 443))));
    assert_eq!(Host::from(IpAddr::V6(v6)), Host::Ipv6(v6));
    assert_eq!(
        Host::from(Ipv4Addr::LOCALHOST).ip(),
        Some(IpAddr::V4(Ipv4Addr::LOCALHOST))
    );
    // No port, an empty port, an out-of-range port, or a name: no socket address.
    for s in [
        "http://1.2.3.4/",
        "http://1.2.3.4:/",
        "http://1.2.3.4:65536/",
        "http://h:80/",
        "http://[v1.x]:80/",
    ] {
        assert_eq!(UriRef::parse(s).unwrap().socket_addr(), None, "{s}");
    }
}
