//! The page's script modules (`assets/js/*.js`): none imports a module that imports it back,
//! directly or through others, and every module imported is one the server serves.

use std::collections::BTreeMap;
use std::path::Path;

/// Each module's name (`board.js`) and the page's modules it imports, read from its
/// `import … from "./x.js"` and `import "./x.js"` lines.
fn imports() -> BTreeMap<String, Vec<String>> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/js");
    let mut graph = BTreeMap::new();
    for entry in std::fs::read_dir(&folder).expect("the page's modules") {
        let path = entry.expect("a module").path();
        if path.extension().and_then(|e| e.to_str()) != Some("js") {
            continue;
        }
        let name = path
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&path).expect("a module's text");
        graph.insert(name, imported(&text));
    }
    graph
}

/// The page's modules `text` imports: each `"./x.js"` following `from` or `import`.
fn imported(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices("\"./") {
        let before = text[..at].trim_end();
        if !(before.ends_with("from") || before.ends_with("import")) {
            continue;
        }
        let rest = &text[at + 3..];
        if let Some(end) = rest.find('"') {
            found.push(rest[..end].to_owned());
        }
    }
    found
}

/// A cycle of imports, as the modules along it (the first again at the end), if there is one.
fn cycle(graph: &BTreeMap<String, Vec<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit<'a>(
        graph: &'a BTreeMap<String, Vec<String>>,
        module: &'a str,
        marks: &mut BTreeMap<&'a str, Mark>,
        path: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        match marks.get(module) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let start = path.iter().position(|m| *m == module).expect("on the path");
                let mut found: Vec<String> =
                    path[start..].iter().map(|m| (*m).to_owned()).collect();
                found.push(module.to_owned());
                return Some(found);
            }
            None => {}
        }
        marks.insert(module, Mark::Open);
        path.push(module);
        for next in graph.get(module).into_iter().flatten() {
            if let Some(found) = visit(graph, next, marks, path) {
                return Some(found);
            }
        }
        path.pop();
        marks.insert(module, Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    graph
        .keys()
        .find_map(|module| visit(graph, module, &mut marks, &mut Vec::new()))
}

#[test]
fn the_page_modules_import_each_other_without_a_cycle() {
    let graph = imports();
    assert!(
        graph.contains_key("main.js"),
        "the modules were read: {graph:?}"
    );
    if let Some(found) = cycle(&graph) {
        panic!(
            "the page's modules import each other in a cycle: {}",
            found.join(" → ")
        );
    }
}

#[test]
fn every_module_imported_is_served() {
    for (module, imported) in imports() {
        for name in imported {
            assert!(
                tabuleiro_web::assets::script(&name).is_some(),
                "{module} imports {name}, which the server does not serve (assets.rs, SCRIPTS)"
            );
        }
    }
}

#[test]
fn a_cycle_is_found_and_named() {
    let graph: BTreeMap<String, Vec<String>> = [
        ("a.js", vec!["b.js"]),
        ("b.js", vec!["c.js"]),
        ("c.js", vec!["a.js"]),
        ("d.js", vec!["a.js"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.into_iter().map(str::to_owned).collect()))
    .collect();
    assert_eq!(
        cycle(&graph),
        Some(["a.js", "b.js", "c.js", "a.js"].map(str::to_owned).to_vec())
    );
    assert_eq!(
        imported("import { x } from \"./a.js\";\nimport \"./b.js\";\nconst s = \"./c.js\";"),
        ["a.js", "b.js"]
    );
}
