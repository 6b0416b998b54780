// A game's options as form fields (the new-game page and the lobby's challenge form), and the
// values chosen in them.

/** "0..12 | none" as a person says it: "0 to 12, or none". */
export function allowedInWords(allowed) {
  const parts = allowed.split(" | ").map((p) => p.replace(/^(-?\d+)\.\.(-?\d+)$/, "$1 to $2"));
  if (parts.length === 1) return parts[0] === "text" ? "any text" : parts[0];
  return `${parts.slice(0, -1).join(", ")}, or ${parts[parts.length - 1]}`;
}

/** Fills `container` with a field for each of the game's options (`info` from the catalog). */
export function fillOptions(info, container) {
  container.textContent = "";
  for (const o of info.options) {
    const label = document.createElement("label");
    label.textContent = `${o.label} `;
    let input;
    if (o.choices.length > 0) {
      input = document.createElement("select");
      for (const c of o.choices) input.add(new Option(c, c));
    } else {
      input = document.createElement("input");
      input.size = 10;
    }
    input.value = o.default;
    input.dataset.option = o.name;
    // A list shows its values; a box to type in says what it takes, in words.
    input.title = o.choices.length > 0 ? o.description : `${o.description} (${allowedInWords(o.allowed)})`;
    label.appendChild(input);
    const note = document.createElement("span");
    note.className = "note";
    note.textContent = ` ${o.description}`;
    label.appendChild(note);
    container.appendChild(label);
  }
}

/** The option values chosen in `container`'s fields, by name. */
export function chosenOptions(container) {
  const options = {};
  container.querySelectorAll("[data-option]").forEach((i) => { options[i.dataset.option] = i.value; });
  return options;
}

/** "Board size: 7, First player: 2": the options that differ from the game's defaults, named
 * for people, or "usual". */
export function optionsText(info, options) {
  const changed = (info ? info.options : [])
    .filter((o) => options[o.name] !== undefined && String(options[o.name]) !== String(o.default))
    .map((o) => `${o.label || o.name}: ${options[o.name]}`);
  return changed.length > 0 ? changed.join(", ") : "usual";
}
