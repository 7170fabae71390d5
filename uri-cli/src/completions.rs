//! `uri completions SHELL`: a completion script for bash, zsh, fish,
//! elvish or PowerShell, generated from the command definitions.

use std::io;

use clap_complete::Shell;

/// Print a shell completion script.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    uri completions bash > ~/.local/share/bash-completion/completions/uri\n  \
    uri completions zsh > ~/.zfunc/_uri\n  \
    uri completions fish > ~/.config/fish/completions/uri.fish")]
pub struct Args {
    /// The shell to write completions for.
    shell: Shell,
}

pub fn run(args: Args, mut command: clap::Command) -> io::Result<bool> {
    clap_complete::generate(args.shell, &mut command, "uri", &mut io::stdout().lock());
    Ok(true)
}
