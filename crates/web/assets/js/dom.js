// Small helpers for building the page, and for asking the server.

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** The SVG namespace. */
export const SVG = "http://www.w3.org/2000/svg";

/** A new SVG element `name` with `attrs`, appended to `parent` if given. */
export function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

/** A new HTML element `name` with a class and text. */
export function html(name, className, text) {
  const node = document.createElement(name);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Asks the server: `method path` with `body` as JSON; whether it answered 2xx, its status and
 * its JSON answer (`{}` when it is not JSON). */
export async function ask(method, path, body) {
  const answer = await fetch(path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await answer.json().catch(() => ({}));
  return { ok: answer.ok, status: answer.status, json };
}
