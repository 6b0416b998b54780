//! Integration tests of the games crate, in one binary (one link step).

mod action_spaces;
mod cell_names;
mod conformance;
mod ended_records;
mod engine_shortcuts;
mod nudge_perft;
mod nudge_rules;
mod nudge_solve;
mod perft_file;
mod pictures;
mod playout_fingerprints;
mod pushee_perft;
mod pushee_rules;
mod qinto_finish;
mod qinto_generator;
mod qinto_knowledge;
mod qinto_rules;
mod qinto_told;
mod quantik_perft;
mod quantik_reference;
mod quantik_rules;

mod rules_texts;
mod setup_errors;
mod taiji_perft;
mod taiji_rules;
mod util;
