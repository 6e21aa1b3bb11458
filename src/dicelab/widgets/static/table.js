// @ts-check
// The table: lays out the parts of the view document in their areas (mounting each part's
// component once), keeps the focus across redraws, and owns the keyboard while it has focus.
// Python is the authority: everything drawn comes from model.get("view"); clicks and keys go
// back as intents, model.send({part, type, ...}).
import { mountOf, element, sayer } from "./helpers.js";

// What has the focus in `root` (to find it again after a redraw), or null.
function focusOf(root) {
  const active = /** @type {HTMLInputElement | null} */ (document.activeElement);
  if (!active || active === root || !root.contains(active)) return null;
  const part = /** @type {HTMLElement | null} */ (active.closest("[data-part]"));
  return { node: active, part: part?.dataset.part, key: active.dataset.key,
           value: active.value, selection: active.selectionStart !== undefined && active.type === "text"
             ? [active.selectionStart, active.selectionEnd] : null };
}

function restoreFocus(root, focus) {
  if (!focus || focus.node.isConnected) return;
  const again = focus.key && root.querySelector(`[data-part="${focus.part}"] [data-key="${focus.key}"]`);
  if (!again) return root.focus({ preventScroll: true });
  if (focus.selection) {  // a name being typed, not yet sent
    again.value = focus.value;
    again.setSelectionRange(...focus.selection);
  }
  again.focus({ preventScroll: true });
}

// The keys state shown on the table, and leaving or taking the keys.
function keyboard(root, keysLine, send, model) {
  const say = sayer(model);
  const notebook = () => root.closest(".jp-Notebook");
  const has = () => root.contains(document.activeElement);
  const show = () => {
    root.classList.toggle("has-keys", has());
    if (!gameKeys().length) return;
    keysLine.textContent = say(has() ? "keys_on" : "keys_off");
  };
  const leave = () => {
    if (notebook()) notebook().focus();
    else /** @type {HTMLElement | null} */ (document.activeElement)?.blur();
  };
  const gameKeys = () => model.get("view").keys ?? [];
  // In JupyterLab's command mode with this game's cell selected, a game key comes back to the
  // game: the player means the game (the key the table shows), never a cell command.
  const ownCellSelected = (event) => {
    const cell = root.closest(".jp-Cell");
    const active = cell && (cell.classList.contains("jp-mod-active") || cell.classList.contains("jp-mod-selected"));
    return Boolean(active) && event.target instanceof Node && event.target.contains(root);
  };
  const onKey = (event) => {
    if (!gameKeys().length || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (!has()) {
      if (!ownCellSelected(event) || !gameKeys().includes(key)) return;
      root.focus({ preventScroll: true });
    }
    if (key === "Escape") {
      event.stopPropagation();
      return leave();
    }
    if (key === "Tab") return;
    event.stopPropagation();  // no key pressed in the game reaches the notebook's shortcuts
    const typing = event.target.matches("input, textarea, select, [contenteditable]");
    if (typing || key.length !== 1 || key === " ") return;  // Space and Enter press the focused control
    event.preventDefault();
    if (gameKeys().includes(key)) send({ part: "controls", type: "key", key });
  };
  // A click elsewhere gives the keys back (JupyterLab's own clicks may keep the focus here).
  const onPointer = (event) => {
    if (gameKeys().length && !root.contains(event.target) && has()) leave();
  };
  return { show, onKey, onPointer };
}

// Each display is a region named by its title. Where the page shows several with one title
// (two Yahtzee games in a notebook), they are numbered in page order: "Yahtzee game",
// "Yahtzee game 2", ... so that every landmark has a name of its own. The page is the only
// place that sees them all (several notebooks and kernels may share it), and page order is
// what a reader counts; a name changes only when a display of the same title comes or goes
// above it. Run on every draw and whenever a display is put on the page (it gets a size).
function nameRegions() {
  const regions = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-dicelab-title]"))];
  const names = regionNames(regions.map((region) => region.dataset.dicelabTitle ?? ""));
  regions.forEach((region, index) => {
    if (region.getAttribute("aria-label") !== names[index]) region.setAttribute("aria-label", names[index]);
  });
}

/** The names of regions with these titles, in page order: a title's second region and on
 * are numbered ("Yahtzee game", "Yahtzee game 2", ...).
 * @param {string[]} titles @returns {string[]} */
export function regionNames(titles) {
  const seen = new Map();  // title -> how many regions of that title came before
  return titles.map((title) => {
    const number = (seen.get(title) ?? 0) + 1;
    seen.set(title, number);
    return number === 1 ? title : `${title} ${number}`;
  });
}

// Whether the kernel still answers. Every message gets an answer (a new view, or else
// {type: "ack"}); a message with no answer within ANSWER_MS means the kernel is gone (restarted, shut down, or a notebook
// reopened with its widgets' saved state), and the table says so in words above the parts.
// A heartbeat every HEARTBEAT_MS asks the same of a table nobody clicks, so that it says so
// before the first click; an answer that comes late (a kernel busy with a long cell) takes
// the words back.
export const ANSWER_MS = 4000;
export const HEARTBEAT_MS = 5000;

/** The kernel's watchdog: `send` starts the clock, any answer stops it, and no answer
 * within ANSWER_MS shows `line` with the words "disconnected". With `heartbeat`, a message
 * {part: "table", type: "heartbeat"} goes every HEARTBEAT_MS while no other waits.
 * @param {{send: (message: object) => void, on: Function, off: Function, get: (name: string) => any}} model
 * @param {{textContent: string | null, hidden: boolean}} line
 * @param {boolean} [heartbeat] */
export function connection(model, line, heartbeat = false) {
  let waiting = null;
  const lost = () => {
    line.textContent = sayer(model)("disconnected");
    line.hidden = false;
  };
  const answered = () => {
    clearTimeout(waiting);
    waiting = null;
    if (!line.hidden) line.hidden = true;  // (no change to the page while all is well)
  };
  const acked = (message) => {
    if (message?.type === "ack") answered();
  };
  model.on("msg:custom", acked);
  model.on("change:view", answered);
  const send = (message) => {
    if (waiting === null) waiting = setTimeout(lost, ANSWER_MS);
    try {
      model.send(message);
    } catch {
      lost();
    }
  };
  const beat = heartbeat
    ? setInterval(() => { if (waiting === null) send({ part: "table", type: "heartbeat" }); }, HEARTBEAT_MS)
    : null;
  const stop = () => {
    clearTimeout(waiting);
    clearInterval(beat ?? undefined);
    model.off("msg:custom", acked);
    model.off("change:view", answered);
  };
  return { send, stop };
}

function render({ model, el }) {
  const root = element("div");
  root.tabIndex = -1;
  root.setAttribute("role", "region");
  const placed = new ResizeObserver(nameRegions);
  placed.observe(root);
  const keysLine = element("p", "dicelab-keys");
  keysLine.setAttribute("aria-live", "polite");
  const lostLine = element("p", "dicelab-disconnected");
  lostLine.setAttribute("role", "alert");
  lostLine.hidden = true;
  // A kernel's model (anywidget's has its widget manager) gets the heartbeat; the class
  // pages' socket model has no kernel, and its socket says by itself when it drops.
  const kernel = connection(model, lostLine, "widget_manager" in model);
  el.append(root);
  const areas = new Map();  // area name -> its element
  // The table's areas in the layout, with the advice beside them (or below, when narrow),
  // then the foot (the history) across the whole width.
  const body = element("div", "dicelab-body");
  const main = element("div", "dicelab-main");
  const mounted = new Map();  // part name -> {slot, update, kind, drawn: the fields drawn}
  const say = sayer(model);

  const mount = (name, kind) => {
    const slot = element("div", `dicelab-part is-${kind}`);
    slot.dataset.part = name;
    const mountComponent = mountOf(kind);
    const update = mountComponent(slot, { send: (intent) => kernel.send({ part: name, ...intent }), table: root, say });
    const entry = { slot, update, kind, drawn: null };
    mounted.set(name, entry);
    return entry;
  };

  const place = (parent, children) => {
    children.forEach((child, index) => {
      if (parent.children[index] !== child) parent.insertBefore(child, parent.children[index] ?? null);
    });
    while (parent.children.length > children.length) parent.lastElementChild.remove();
  };

  const draw = () => {
    const view = model.get("view");
    if (!view.areas) return;
    const focus = focusOf(root);
    const game = view.kind === "game";  // a lesson or the rule lab lays its areas out alone
    root.className = game ? "dicelab-game" : `dicelab-${view.kind} is-${view.layout}`;
    main.className = `dicelab-main is-${view.layout}`;
    root.dataset.dicelabTitle = view.title;
    if (root.isConnected) nameRegions();
    else root.setAttribute("aria-label", view.title);  // numbered once it is on the page
    const used = new Set();
    const areaNodes = view.areas.filter((area) => area.parts.length).map((area) => {
      if (!areas.has(area.name)) areas.set(area.name, element("div", `dicelab-area is-${area.name}`));
      const node = areas.get(area.name);
      place(node, area.parts.map((name) => {
        const part = view.parts[name];
        let entry = mounted.get(name);
        if (!entry || entry.kind !== part.component) entry = mount(name, part.component);
        const text = JSON.stringify(part);
        if (text !== entry.drawn) entry.update(part);  // redraw only the parts that changed
        entry.drawn = text;
        used.add(name);
        return entry.slot;
      }));
      return node;
    });
    for (const name of [...mounted.keys()]) if (!used.has(name)) mounted.delete(name);
    let shown = areaNodes;
    if (game) {
      const named = (name) => areaNodes.filter((node) => node.classList.contains(`is-${name}`));
      const aside = new Set([...named("advice"), ...named("foot")]);
      place(main, areaNodes.filter((node) => !aside.has(node)));
      place(body, [main, ...named("advice")]);
      shown = [body, ...named("foot")];
    }
    place(root, [lostLine, ...(view.keys.length ? [keysLine] : []), ...shown]);
    restoreFocus(root, focus);
  };

  const keys = keyboard(root, keysLine, kernel.send, model);
  draw();
  keys.show();
  model.on("change:view", draw);
  root.addEventListener("focusin", keys.show);
  root.addEventListener("focusout", () => setTimeout(keys.show));
  window.addEventListener("keydown", keys.onKey, true);
  window.addEventListener("pointerdown", keys.onPointer, true);
  model.send({ part: "table", type: "view", shown: true });  // (no answer awaited: a saved page has no kernel)
  return () => {
    try {
      model.send({ part: "table", type: "view", shown: false });
    } catch {}  // the kernel may be gone already
    kernel.stop();
    placed.disconnect();
    model.off("change:view", draw);
    window.removeEventListener("keydown", keys.onKey, true);
    window.removeEventListener("pointerdown", keys.onPointer, true);
  };
}

export default { render };
