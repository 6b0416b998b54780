//! The server's house kept plain (issue #50): no source file over 600 lines, no loop of more
//! than 3 files among the imports of `src/`, and every change to a live game on one road —
//! stored only by `hub/road.rs`, and a room written only by its own module.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest a source file of the server may be.
const MOST_LINES: usize = 600;

/// The largest loop of imports allowed: a module and the files it re-exports may name each
/// other (`mod.rs` ↔ `x.rs`), but no longer chain may lead back.
const LARGEST_LOOP: usize = 3;

/// The server's sources: each file's module path (`hub::road`) and text.
fn sources() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = BTreeMap::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().and_then(|e| e.to_str()) == Some("rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                found.insert(module_of(&root, &path), text);
            }
        }
    }
    found
}

/// `hub/road.rs` → `hub::road`; `hub/mod.rs` → `hub`; `lib.rs` → `` (the crate).
fn module_of(root: &Path, path: &Path) -> String {
    let relative: PathBuf = path
        .strip_prefix(root)
        .expect("under src")
        .with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts.join("::")
}

/// The modules (files) that `module`'s text names by a `crate::`, `super::` or `self::` path,
/// each resolved to the deepest file its path names, its parent and its own files left out
/// ([`family`]).
fn named(module: &str, text: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let here: Vec<&str> = if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").collect()
    };
    let mut out = BTreeSet::new();
    for start in ["crate::", "super::", "self::"] {
        for (at, _) in text.match_indices(start) {
            let before = text[..at].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut segments: Vec<String> = match start {
                "crate::" => Vec::new(),
                "super::" => here[..here.len().saturating_sub(1)]
                    .iter()
                    .map(|s| (*s).to_owned())
                    .collect(),
                _ => here.iter().map(|s| (*s).to_owned()).collect(),
            };
            let mut rest = &text[at + start.len()..];
            loop {
                let word: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if word.is_empty() || word == "super" {
                    break;
                }
                rest = &rest[word.len()..];
                segments.push(word);
                match rest.strip_prefix("::") {
                    Some(more) => rest = more,
                    None => break,
                }
            }
            // The deepest module the path names.
            while !segments.is_empty() && !modules.contains(&segments.join("::")) {
                segments.pop();
            }
            let target = segments.join("::");
            if target != module && modules.contains(&target) && !family(module, &target) {
                out.insert(target);
            }
        }
    }
    out
}

/// Whether one module is the other's parent: a folder's `mod.rs` and its own files name each
/// other as the module tree does (`super::Hub`, `pub use self::x::Y`), which is no loop of
/// imports between files.
fn family(a: &str, b: &str) -> bool {
    let parent = |m: &str| m.rsplit_once("::").map_or("", |(p, _)| p).to_owned();
    parent(a) == b || parent(b) == a
}

/// The strongly connected parts of `graph` with more than one module (Tarjan's algorithm).
fn loops(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a str) {
            let n = self.index.len();
            self.index.insert(node, n);
            self.low.insert(node, n);
            self.stack.push(node);
            self.on_stack.insert(node);
            for next in self.graph.get(node).into_iter().flatten() {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut part = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    part.push(top.to_owned());
                    if top == node {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.found
}

/// The text of a file without its comments' lines (doc links name modules without importing
/// them).
fn code(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn no_source_file_of_the_server_is_over_600_lines() {
    let long: Vec<(String, usize)> = sources()
        .into_iter()
        .map(|(module, text)| (module, text.lines().count()))
        .filter(|(_, lines)| *lines > MOST_LINES)
        .collect();
    assert!(long.is_empty(), "files over {MOST_LINES} lines: {long:?}");
}

#[test]
fn no_import_loop_of_more_than_three_files() {
    let sources = sources();
    let modules: BTreeSet<String> = sources.keys().cloned().collect();
    let graph: BTreeMap<String, BTreeSet<String>> = sources
        .iter()
        .map(|(module, text)| (module.clone(), named(module, &code(text), &modules)))
        .collect();
    // The check sees what it must: hub::road names the store and the room.
    assert!(
        graph["hub::road"].contains("room"),
        "{:?}",
        graph["hub::road"]
    );
    assert!(
        graph["hub::road"].contains("store"),
        "{:?}",
        graph["hub::road"]
    );
    let found = loops(&graph);
    let largest = found.iter().map(Vec::len).max().unwrap_or(0);
    println!("largest import loop among the server's files: {largest} ({found:?})");
    assert!(
        largest <= LARGEST_LOOP,
        "loops of imports longer than {LARGEST_LOOP}: {found:?}"
    );
}

#[test]
fn every_change_to_a_live_game_takes_the_one_road() {
    let sources = sources();
    for (module, text) in &sources {
        let text = code(text);
        // Only the road stores a change of a game being played.
        if module != "hub::road" {
            assert!(
                !text.contains(".change(&"),
                "{module} stores a change outside the road"
            );
        }
        // Only the room's own files write a room and send it.
        if !module.starts_with("room") {
            for written in ["version += 1", ".broadcast()", ".subscribers"] {
                assert!(
                    !text.contains(written),
                    "{module} writes a room from outside ({written})"
                );
            }
        }
    }
    // A room's fields are its own: none is public.
    let room = &sources["room"];
    let fields = room
        .split("pub struct Room {")
        .nth(1)
        .and_then(|rest| rest.split("\n}\n").next())
        .expect("the room's fields");
    assert!(fields.contains("game:"), "the room's fields were not found");
    assert!(
        !fields.lines().any(|l| l.trim_start().starts_with("pub ")),
        "a room has public fields: {fields}"
    );
    // Every command has its handler in the road's one match.
    let road = &sources["hub::road"];
    let commands = sources["hub::command"]
        .split("pub enum Command<'a> {")
        .nth(1)
        .and_then(|rest| rest.split("\n}\n").next())
        .expect("the commands");
    let variants: Vec<&str> = commands
        .lines()
        .filter(|l| l.starts_with("    ") && !l.starts_with("     "))
        .map(str::trim)
        .filter(|l| !l.starts_with("//") && !l.starts_with('#'))
        .filter_map(|l| l.split([' ', ',', '{']).next())
        .filter(|w| w.chars().next().is_some_and(char::is_uppercase))
        .collect();
    assert!(variants.len() >= 10, "{variants:?}");
    for variant in variants {
        assert!(
            road.contains(&format!("Command::{variant} "))
                || road.contains(&format!("Command::{variant} =>"))
                || road.contains(&format!("Command::{variant} {{")),
            "Command::{variant} has no handler"
        );
    }
}
