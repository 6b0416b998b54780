// The page's reader of a state's lean legal moves (assets/js/legal.js) against the Rust reader,
// on the cases `cargo test -p tabuleiro-web --test tests legal_cases` keeps in
// legal-cases.jsonl: the same full moves in the same order. Usage: node legal.test.mjs
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const source = readFileSync(join(here, "../assets/js/legal.js"), "utf8");
// Imported from its text: the page's modules have no package.json of their own.
const legal = await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);

// JSON with its keys in order, every move with a preview (the Rust JSON leaves an empty one out).
const canonical = (value) => JSON.stringify(value, (_, v) => (v && typeof v === "object" && !Array.isArray(v)
  ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]]))
  : v));
const move = (m) => ({ ...m, preview: m.preview || [] });

const cases = readFileSync(join(here, "legal-cases.jsonl"), "utf8").split("\n").filter(Boolean).map(JSON.parse);
let wrong = 0;
let moves = 0;
for (const c of cases) {
  const full = legal.fullMoves(c.lean).map(move);
  const expected = c.full.map(move);
  moves += expected.length;
  if (canonical(full) !== canonical(expected)) {
    wrong += 1;
    if (wrong <= 3) {
      const k = full.findIndex((m, i) => canonical(m) !== canonical(expected[i]));
      console.error(`disagree on move ${k} of ${expected.length} (page: ${full.length}):\n  page ${JSON.stringify(full[k])}\n  Rust ${JSON.stringify(expected[k])}`);
    }
  }
}
if (cases.length < 30) {
  console.error(`only ${cases.length} cases`);
  process.exit(1);
}
if (wrong > 0) {
  console.error(`${wrong} of ${cases.length} lean legal cases disagree with the Rust reader`);
  process.exit(1);
}
console.log(`legal: ${cases.length} cases (${moves} moves) read as the Rust reader reads them`);
