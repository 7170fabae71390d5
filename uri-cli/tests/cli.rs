//! The command as a whole: help, version, completions.

mod common;

use common::{stdout, uri};

#[test]
fn help_lists_subcommands_and_each_has_examples() {
    let out = uri(&["--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    assert!(help.contains("parse"), "{help}");
    // Every subcommand's --help works and shows examples.
    let names: Vec<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .filter(|name| name != "help")
        .collect();
    assert!(names.len() >= 2, "{names:?}");
    for name in names {
        let out = uri(&[&name, "--help"], b"");
        assert_eq!(out.status.code(), Some(0), "{name}");
        assert!(
            stdout(&out).contains("Examples:"),
            "uri {name} --help has no examples"
        );
    }
}

#[test]
fn version() {
    let out = uri(&["--version"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).starts_with("uri "));
}

#[test]
fn completions_for_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef uri"),
        ("fish", "complete -c uri"),
    ] {
        let out = uri(&["completions", shell], b"");
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = stdout(&out);
        assert!(script.contains(marker), "{shell}: {script}");
        assert!(script.contains("parse"), "{shell} completes subcommands");
    }
    assert_eq!(uri(&["completions", "tcsh"], b"").status.code(), Some(2));
}
