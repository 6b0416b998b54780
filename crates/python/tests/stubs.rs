//! The type stubs say what the module has: every class, method and function the Rust sources
//! give Python (`#[pyclass]`, `#[pymethods]`, `#[pyfunction]`) is declared in
//! `python/tabuleiro/__init__.pyi`, and the stubs declare nothing else (special methods such as
//! `__repr__` aside; `#[new]` is `__init__`).
//!
//! The module's behaviour is tested by pytest (`tests/*.py`, run by `scripts/test`); this test
//! also makes the workspace's test build build the module itself.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Names per class (`""` for the module's functions).
type Api = BTreeMap<String, BTreeSet<String>>;

/// The name of the `fn` declared on `line`, if it declares one.
fn fn_name(line: &str) -> Option<String> {
    let rest = line
        .trim_start()
        .strip_prefix("pub ")
        .unwrap_or(line.trim_start());
    let rest = rest.strip_prefix("fn ")?;
    let end = rest.find(['(', '<'])?;
    Some(rest[..end].to_owned())
}

/// What the Rust sources give Python.
fn from_rust(src: &Path) -> Api {
    let mut api = Api::new();
    for entry in fs::read_dir(src).expect("the sources") {
        let text = fs::read_to_string(entry.expect("a source").path()).expect("a source");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if line.starts_with("#[pyclass") {
                let declared = lines[i + 1..]
                    .iter()
                    .find_map(|l| l.strip_prefix("pub struct "))
                    .expect("a struct after #[pyclass]");
                let name = declared.trim_end_matches(|c: char| !c.is_alphanumeric());
                api.entry(name.to_owned()).or_default();
            } else if line.starts_with("#[pyfunction]") {
                let name = lines[i + 1..].iter().find_map(|l| fn_name(l));
                api.entry(String::new())
                    .or_default()
                    .insert(name.expect("a fn after #[pyfunction]"));
            } else if line.starts_with("#[pymethods]") {
                let class = lines[i + 1]
                    .strip_prefix("impl ")
                    .and_then(|rest| rest.strip_suffix(" {"))
                    .expect("impl Class {");
                let methods = api.entry(class.to_owned()).or_default();
                let mut constructor = false;
                for l in lines[i + 2..].iter().take_while(|l| !l.starts_with('}')) {
                    if l.trim() == "#[new]" {
                        constructor = true;
                    }
                    if !l.starts_with("    fn ") && !l.starts_with("    pub fn ") {
                        continue;
                    }
                    let name = fn_name(l).expect("a method");
                    if constructor {
                        methods.insert("__init__".to_owned());
                        constructor = false;
                    } else if !name.starts_with("__") {
                        methods.insert(name);
                    }
                }
            }
        }
    }
    api
}

/// What the stubs declare.
fn from_stubs(text: &str) -> Api {
    let mut api = Api::new();
    let mut class = String::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("class ") {
            rest.split(['(', ':'])
                .next()
                .expect("a class name")
                .clone_into(&mut class);
            api.entry(class.clone()).or_default();
        } else if let Some(rest) = line.strip_prefix("def ") {
            class.clear();
            let name = rest.split('(').next().expect("a function name");
            api.entry(String::new())
                .or_default()
                .insert(name.to_owned());
        } else if let Some(rest) = line.strip_prefix("    def ") {
            let name = rest.split('(').next().expect("a method name");
            if name == "__init__" || !name.starts_with("__") {
                api.entry(class.clone())
                    .or_default()
                    .insert(name.to_owned());
            }
        } else if !line.starts_with(' ') && !line.trim().is_empty() {
            class.clear();
        }
    }
    api
}

#[test]
fn the_stubs_declare_what_the_module_has() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rust = from_rust(&root.join("src"));
    let stubs = fs::read_to_string(root.join("python/tabuleiro/__init__.pyi")).expect("stubs");
    let declared = from_stubs(&stubs);
    // The classes the module defines (the stubs' typed dictionaries aside).
    for class in ["State", "Agent", "VectorEnv"] {
        assert!(rust.contains_key(class), "{class} not found in the sources");
    }
    assert!(rust[""].contains("new_game") && rust["State"].contains("legal_actions"));
    for (class, names) in &rust {
        let stubbed = declared
            .get(class)
            .unwrap_or_else(|| panic!("class {class} not in the stubs"));
        let missing: Vec<_> = names.difference(stubbed).collect();
        assert!(missing.is_empty(), "{class}: not in the stubs: {missing:?}");
        let extra: Vec<_> = stubbed.difference(names).collect();
        assert!(extra.is_empty(), "{class}: in the stubs only: {extra:?}");
    }
}
