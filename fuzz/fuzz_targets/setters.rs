#![no_main]
// The property is rfc3986_fuzz::build::setters, shared with the stable tests.
libfuzzer_sys::fuzz_target!(|data: &[u8]| rfc3986_fuzz::build::setters(data));
