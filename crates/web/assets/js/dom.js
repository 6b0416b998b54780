// Small helpers for building the page.

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
