//! The inputs and the unit of work of each workload, shared by the benches
//! and the report so that both count the same things.

use crate::peers::{Parts, REFERENCES};
use crate::Corpus;

/// A workload: its criterion group name and what one unit of it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workload {
    /// Parse and validate every line as a URI-reference.
    Validate,
    /// Parse every line and read every component.
    Components,
    /// Resolve every line against the fixed base of section 5.4.
    Resolve,
    /// Parse every absolute-URI line as a base and resolve the 23 normal
    /// examples of section 5.4.1 against it.
    ResolveBase,
    /// Parse and normalize every line.
    Normalize,
    /// Build every valid line from its components.
    Build,
    /// A byte-class table lookup of every byte of every line.
    Floor,
}

impl Workload {
    /// Every workload, in report order.
    pub const ALL: [Workload; 7] = [
        Workload::Validate,
        Workload::Components,
        Workload::Resolve,
        Workload::ResolveBase,
        Workload::Normalize,
        Workload::Build,
        Workload::Floor,
    ];

    /// The criterion group name.
    pub fn group(self) -> &'static str {
        match self {
            Workload::Validate => "validate",
            Workload::Components => "components",
            Workload::Resolve => "resolve",
            Workload::ResolveBase => "resolve-base",
            Workload::Normalize => "normalize",
            Workload::Build => "build",
            Workload::Floor => "floor",
        }
    }

    /// The lines this workload runs on: all of them, except that a base
    /// must be an absolute URI and a build starts from a valid reference
    /// whose components decode to UTF-8 (both decided by rfc3986, before
    /// any timing).
    pub fn inputs(self, corpus: &Corpus) -> Corpus {
        match self {
            Workload::ResolveBase => {
                corpus.filter(|l| rfc3986::UriRef::parse_absolute_uri(l).is_ok())
            }
            Workload::Build => corpus.filter(Parts::buildable),
            _ => corpus.filter(|_| true),
        }
    }

    /// Units of work per line: one resolution per reference for
    /// `ResolveBase`, one line otherwise.
    pub fn units_per_line(self) -> usize {
        match self {
            Workload::ResolveBase => REFERENCES.len(),
            _ => 1,
        }
    }
}
