//! `uri`: RFC 3986 URI references on the command line. A thin layer over the
//! `rfc3986` library; the output formats are the contract in README.md.

mod against_base;
mod build;
mod completions;
mod encode;
mod equivalent;

mod input;
mod normalize;
mod parse;
mod relativize;
mod report;
mod resolve;

use std::io;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// RFC 3986 URI references: parse, resolve, normalize, compare.
///
/// Each subcommand takes references as arguments or, when none are given,
/// one per line on standard input. Exit status: 0 when every input was
/// valid, 1 when any was not, 2 for a usage error.
#[derive(Parser)]
#[command(name = "uri", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Parse(parse::Args),
    Resolve(resolve::Args),
    Normalize(normalize::Args),
    Equivalent(equivalent::Args),
    Relativize(relativize::Args),
    Build(build::Args),
    Encode(encode::EncodeArgs),
    Decode(encode::DecodeArgs),
    Completions(completions::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Parse(args) => parse::run(args),
        Command::Resolve(args) => resolve::run(args),
        Command::Normalize(args) => normalize::run(args),
        Command::Equivalent(args) => return equivalent::main(args),
        Command::Relativize(args) => relativize::run(args),
        Command::Build(args) => build::run(args),
        Command::Encode(args) => encode::run_encode(args),
        Command::Decode(args) => encode::run_decode(args),
        Command::Completions(args) => completions::run(args, Cli::command()),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        // A reader that went away (`uri parse < big | head`) is not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("uri: {e}");
            ExitCode::from(2)
        }
    }
}
