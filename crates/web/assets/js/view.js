// Zoom and pan of an open grid (Q!nto), which grows in every direction: the board is drawn
// with cells of a size of their own (40 CSS px at zoom 1, never under 32 px unless the player
// zooms out) inside a window the player pans by dragging (mouse or one finger), by the scroll
// bars or the wheel, and zooms with the buttons, Ctrl + wheel or two fingers. Until then, and
// again after "Fit", the window follows the game: the tiles and the cells pointing can go to
// next, centred. Fixed boards simply fill the width.
import { $ } from "./dom.js";

const BASE = 40;
const MIN_ZOOM = 0.5;
const MAX_ZOOM = 2.5;
// "Fit" never makes cells larger than this zoom.
const MAX_FIT = 1.25;
// Fitting by itself never makes cells smaller than this zoom (32 CSS px).
const LEAST_AUTO = 0.8;
// Pointer movement, in CSS px, beyond which a press is a drag and not a click.
const DRAG = 6;

// `auto`: the window follows the game (fitted after every change) until the player zooms or
// pans by hand; "Fit" gives it back.
const view = { zoom: null, auto: true, pointers: new Map(), dragged: false, pinch: null, first: null, box: null, position: null };

/** Whether the last press on the board was a drag (its click is then no click). */
export function justDragged() {
  return view.dragged;
}

function wrap() {
  return $("board-wrap");
}

function setZoom(zoom, around) {
  const w = wrap();
  const old = view.zoom ?? 1;
  const next = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));
  if (next === old) return;
  // Keep the point under `around` (or the middle) where it is.
  const rect = w.getBoundingClientRect();
  const ax = around ? around.x - rect.left : w.clientWidth / 2;
  const ay = around ? around.y - rect.top : w.clientHeight / 2;
  const fx = (w.scrollLeft + ax) / old;
  const fy = (w.scrollTop + ay) / old;
  view.zoom = next;
  resize();
  w.scrollLeft = fx * next - ax;
  w.scrollTop = fy * next - ay;
}

function resize() {
  const svg = $("board");
  const [, , width, height] = (svg.getAttribute("viewBox") || "0 0 0 0").split(" ").map(Number);
  const scale = (BASE / 48) * (view.zoom ?? 1);
  svg.style.width = `${Math.ceil(width * scale)}px`;
  svg.style.height = `${Math.ceil(height * scale)}px`;
}

/**
 * Sizes the board just drawn. `open`: an open grid (zoom and pan), whose first column and row
 * are `first`; `box`: the cells to show when fitting (in viewBox units); `position`: names the
 * position drawn (the window follows the game when it changes, not while a move is pointed).
 */
export function sizeBoard(open, first, box, position) {
  const svg = $("board");
  const w = wrap();
  $("zoom").hidden = !open;
  w.classList.toggle("pannable", open);
  if (!open) {
    svg.style.width = "";
    svg.style.height = "";
    view.zoom = null;
    return;
  }
  const scale = () => (BASE / 48) * view.zoom;
  const moved = position !== view.position;
  view.position = position;
  if (view.zoom === null || (view.auto && moved)) {
    view.zoom = view.zoom ?? 1;
    view.first = first;
    resize();
    fit(box, LEAST_AUTO);
    return;
  }
  // Cells added on the left or the top move the drawing: move the window with it.
  const shift = view.first ? [(view.first.x - first.x) * 48, (view.first.y - first.y) * 48] : [0, 0];
  view.first = first;
  resize();
  w.scrollLeft += shift[0] * scale();
  w.scrollTop += shift[1] * scale();
  view.box = box;
}

// Zooms so that `box` fits the window (not below `least`), and centres it.
function fit(box, least) {
  const w = wrap();
  view.box = box;
  const unit = BASE / 48;
  // The window's size is the style sheet's (sized to the screen).
  const zoom = Math.min(w.clientWidth / (box.width * unit), w.clientHeight / (box.height * unit), MAX_FIT);
  view.zoom = Math.max(least, zoom);
  resize();
  const s = unit * view.zoom;
  w.scrollLeft = (box.x + box.width / 2) * s - w.clientWidth / 2;
  w.scrollTop = (box.y + box.height / 2) * s - w.clientHeight / 2;
}

/** Sets the handlers of zooming and panning; called once. */
export function initView() {
  const w = wrap();
  $("zoom-in").addEventListener("click", () => { view.auto = false; setZoom((view.zoom ?? 1) * 1.25); });
  $("zoom-out").addEventListener("click", () => { view.auto = false; setZoom((view.zoom ?? 1) / 1.25); });
  $("zoom-fit").addEventListener("click", () => {
    view.auto = true;
    if (view.box) fit(view.box, LEAST_AUTO);
  });
  w.addEventListener("wheel", (event) => {
    if (view.zoom === null || !event.ctrlKey) return;
    event.preventDefault();
    view.auto = false;
    setZoom(view.zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1), { x: event.clientX, y: event.clientY });
  }, { passive: false });
  w.addEventListener("pointerdown", (event) => {
    if (view.zoom === null) return;
    view.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY,
      left: w.scrollLeft, top: w.scrollTop });
    view.dragged = false;
    if (view.pointers.size === 2) {
      const [a, b] = [...view.pointers.values()];
      view.pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), zoom: view.zoom };
    }
  });
  w.addEventListener("pointermove", (event) => {
    const p = view.pointers.get(event.pointerId);
    if (!p) return;
    p.x = event.clientX;
    p.y = event.clientY;
    if (view.pointers.size === 2 && view.pinch) {
      const [a, b] = [...view.pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      view.dragged = true;
      view.auto = false;
      setZoom(view.pinch.zoom * (distance / Math.max(view.pinch.distance, 1)), { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
      return;
    }
    const dx = p.x - p.startX;
    const dy = p.y - p.startY;
    if (!view.dragged && Math.hypot(dx, dy) < DRAG) return;
    view.dragged = true;
    view.auto = false;
    w.scrollLeft = p.left - dx;
    w.scrollTop = p.top - dy;
  });
  const up = (event) => {
    view.pointers.delete(event.pointerId);
    if (view.pointers.size < 2) view.pinch = null;
    // The click that ends a drag comes after this: forget the drag once it has been seen.
    if (view.dragged) setTimeout(() => { view.dragged = false; }, 0);
  };
  w.addEventListener("pointerup", up);
  w.addEventListener("pointercancel", up);
}

