// One render for each change: connection.js applies a message to the store (state.js), then
// calls `render(news)` with that message; the modules that change the player's own state
// (pointing, the panels, main.js) call `render()` with no news. What is drawn is registered
// here once, in order, by main.js (`onRender`), so that no module needs to import the ones that
// draw: this module imports none of the page's.

const drawers = [];

/** Adds `draw(news)` to what every render does, after those added before. */
export function onRender(draw) {
  drawers.push(draw);
}

/**
 * Draws the page from the stores. `news`: the server's message just applied (its `type` says
 * which; a state's also carries `previous`, the state it replaces), a connection event
 * (`lost`, `unsent`, `bad-link`), or nothing after a change of the player's own.
 */
export function render(news = null) {
  for (const draw of drawers) draw(news);
}
