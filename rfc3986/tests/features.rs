//! The optional Cargo features; each test runs when its feature is on
//! (`cargo test --workspace --all-features` in CI).

#[cfg(feature = "serde")]
mod serde_feature {
    use rfc3986::{UriRef, UriRefBuf};

    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Link {
        href: UriRefBuf,
    }

    #[test]
    fn round_trip_as_text() {
        let link = Link {
            href: UriRefBuf::parse("http://a/b?c#d").unwrap(),
        };
        let json = serde_json::to_string(&link).unwrap();
        assert_eq!(json, r#"{"href":"http://a/b?c#d"}"#);
        assert_eq!(serde_json::from_str::<Link>(&json).unwrap(), link);
        let borrowed: UriRef<'_> = serde_json::from_str(r#""/x""#).unwrap();
        assert_eq!(serde_json::to_string(&borrowed).unwrap(), r#""/x""#);
    }

    #[test]
    fn invalid_is_an_error_naming_the_offset() {
        let err = serde_json::from_str::<Link>(r#"{"href":"http://exa mple.com/"}"#).unwrap_err();
        assert!(err.to_string().contains("offset 10"), "{err}");
        // Escaped text cannot be borrowed; the owned type takes it.
        assert!(serde_json::from_str::<UriRef<'_>>(r#""\/x""#).is_err());
        assert_eq!(serde_json::from_str::<UriRefBuf>(r#""\/x""#).unwrap(), "/x");
    }
}

#[cfg(feature = "http")]
mod http_feature {
    use rfc3986::{ConversionErrorKind, UriRef, UriRefBuf};

    #[track_caller]
    fn to_http(s: &str) -> Result<http::Uri, ConversionErrorKind> {
        http::Uri::try_from(UriRef::parse(s).unwrap()).map_err(|e| e.kind().clone())
    }

    #[test]
    fn to_http_where_representable() {
        let u = to_http("https://u@example.com:8443/a/b?c=d").unwrap();
        assert_eq!(u.scheme_str(), Some("https"));
        assert_eq!(u.authority().unwrap().as_str(), "u@example.com:8443");
        assert_eq!(u.path_and_query().unwrap().as_str(), "/a/b?c=d");
        assert_eq!(to_http("/a?b").unwrap().path(), "/a");
        assert_eq!(to_http("http://a").unwrap().path(), "/");
        assert_eq!(to_http("http://a/#f"), Err(ConversionErrorKind::Fragment));
        assert_eq!(
            to_http("mailto:x@example.com"),
            Err(ConversionErrorKind::NoAuthority)
        );
        assert_eq!(to_http("//a/b"), Err(ConversionErrorKind::Relative));
        assert_eq!(to_http("a/b"), Err(ConversionErrorKind::Relative));
    }

    #[test]
    fn from_http_checks_the_rfc() {
        for s in [
            "http://example.com/a?b",
            "/a/b?c",
            "*",
            "https://[::1]:443/",
        ] {
            let h: http::Uri = s.parse().unwrap();
            assert_eq!(UriRefBuf::try_from(&h).unwrap(), s);
        }
        let connect: http::Uri = "example.com:443".parse().unwrap();
        assert_eq!(UriRefBuf::try_from(connect).unwrap(), "//example.com:443");
        // http::Uri takes `{` in a path; RFC 3986 does not.
        let lenient: http::Uri = "/a{b".parse().unwrap();
        let err = UriRefBuf::try_from(&lenient).unwrap_err();
        assert!(
            matches!(err.kind(), ConversionErrorKind::Invalid(e) if e.offset() == 2),
            "{err}"
        );
    }
}

#[cfg(feature = "url")]
mod url_feature {
    use rfc3986::{ConversionErrorKind, UriRef, UriRefBuf};

    #[test]
    fn to_url_normalizes_the_whatwg_way() {
        let url =
            url::Url::try_from(UriRef::parse("HTTP://EXAMPLE.com:80/a/./b/../c").unwrap()).unwrap();
        assert_eq!(url.as_str(), "http://example.com/a/c");
        let err = url::Url::try_from(UriRef::parse("//a/b").unwrap()).unwrap_err();
        assert_eq!(err.kind(), &ConversionErrorKind::Relative);
        let err = url::Url::try_from(UriRef::parse("http://[v1.x]/").unwrap()).unwrap_err();
        assert!(
            matches!(err.kind(), ConversionErrorKind::Rejected(_)),
            "{err}"
        );
    }

    #[test]
    fn from_url_keeps_its_text() {
        for s in [
            "https://example.com/a%20b?c#d",
            "mailto:x@example.com",
            "file:///etc/hosts",
        ] {
            let url = url::Url::parse(s).unwrap();
            assert_eq!(UriRefBuf::try_from(&url).unwrap(), url.as_str());
        }
        // WHATWG leaves `|` alone in a path; RFC 3986 does not allow it.
        let url = url::Url::parse("http://a/x|y").unwrap();
        assert_eq!(url.as_str(), "http://a/x|y");
        assert!(matches!(
            UriRefBuf::try_from(url).unwrap_err().kind(),
            ConversionErrorKind::Invalid(_)
        ));
    }
}
