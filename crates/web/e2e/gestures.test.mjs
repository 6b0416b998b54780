// The page's gesture matching (assets/js/gestures.js) against the Rust core's `Gesture::fits`
// and `Gesture::same`, on the cases `cargo test -p tabuleiro-web --test tests gesture_cases` keeps in
// gesture-cases.jsonl. Usage: node gestures.test.mjs
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const source = readFileSync(join(here, "../assets/js/gestures.js"), "utf8");
// Imported from its text: the page's modules have no package.json of their own.
const gestures = await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);

const cases = readFileSync(join(here, "gesture-cases.jsonl"), "utf8").split("\n").filter(Boolean).map(JSON.parse);
let wrong = 0;
for (const c of cases) {
  const fits = gestures.fits(c.sel, c.full);
  const same = gestures.same(c.sel, c.full);
  if (fits !== c.fits || same !== c.same) {
    wrong += 1;
    if (wrong <= 5) {
      console.error(`disagree: fits ${fits} (Rust ${c.fits}), same ${same} (Rust ${c.same})\n  sel ${JSON.stringify(c.sel)}\n  full ${JSON.stringify(c.full)}`);
    }
  }
}
if (cases.length < 200) {
  console.error(`only ${cases.length} cases`);
  process.exit(1);
}
if (wrong > 0) {
  console.error(`${wrong} of ${cases.length} gesture cases disagree with the Rust core`);
  process.exit(1);
}
console.log(`gestures: ${cases.length} cases agree with the Rust core`);
