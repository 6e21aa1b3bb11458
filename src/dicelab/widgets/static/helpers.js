// @ts-check
// Helpers every component shares. Each component module registers itself with
// component(name, mount); table.js mounts the parts of a view with mountOf(name).
/** @typedef {(intent: object) => void} Send */
/** @typedef {(key: string, fields?: object) => string} Say */
/** @typedef {{send: Send, table: HTMLElement, say: Say}} Context */
/** @typedef {(part: any) => void} Update */
/** @typedef {(slot: HTMLElement, context: Context) => Update} Mount */

/** @type {Map<string, Mount>} */
const COMPONENTS = new Map();

// Register a component: mount(slot, context) builds its elements in `slot` once and returns
// update(part), which redraws them from the part's fields. context.send(intent) sends an
// intent from this part; context.table is the table's root element; context.say(key, fields)
// is the table's words for `key` (see sayer).
/** @param {string} name @param {Mount} mount */
export function component(name, mount) {
  COMPONENTS.set(name, mount);
}

/** The mount of the component `name`; an Error naming it when no module registered it.
 * @param {string} name @returns {Mount} */
export function mountOf(name) {
  const mount = COMPONENTS.get(name);
  if (!mount) throw new Error(`no component named ${name} is part of this widget`);
  return mount;
}

/** The words of the table's language: `say(key, fields)` is the text the model's "words"
 * (the catalogue of dicelab.messages, sent by Python) has for `key`, its {fields} filled in.
 * No word is written in the components themselves.
 * @param {{get: (name: string) => any}} model @returns {Say} */
export function sayer(model) {
  return (key, fields = {}) => fill(model.get("words")?.[key] ?? key, fields);
}

/** `text` with each {name} replaced by fields[name] (a name it lacks stays as it is).
 * @param {string} text @param {object} fields @returns {string} */
export function fill(text, fields) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(className, text, label, key, onClick) {
  const node = element("button", className, text);
  node.type = "button";
  node.dataset.key = key;
  if (label) node.setAttribute("aria-label", label);
  node.addEventListener("click", onClick);
  return node;
}

// A text field that calls sendText(typed) on Enter or on leaving it, once for each text
// (Enter sends at once; the change on leaving the field then doesn't again).
/** @param {HTMLInputElement} node @param {string} value @param {(text: string) => void} sendText */
export function sendsTyped(node, value, sendText) {
  Object.assign(node, { type: "text", value, spellcheck: false, autocomplete: "off" });
  let sent = value;
  const commit = () => {
    if (node.value !== sent) sendText(node.value);
    sent = node.value;
  };
  node.addEventListener("change", commit);
  node.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.stopPropagation();  // Enter is for this field, not a notebook shortcut
    commit();
  });
  return node;
}

export function swatch(className, colour) {
  const node = element("span", `dicelab-colour ${className}`);
  node.style.background = colour;
  node.setAttribute("aria-hidden", "true");
  return node;
}

const SPOTS = { tl: [28, 28], tr: [72, 28], ml: [28, 50], c: [50, 50], mr: [72, 50], bl: [28, 72], br: [72, 72] };
const PIPS = {
  1: ["c"], 2: ["tr", "bl"], 3: ["tr", "c", "bl"], 4: ["tl", "tr", "bl", "br"],
  5: ["tl", "tr", "c", "bl", "br"], 6: ["tl", "tr", "ml", "mr", "bl", "br"],
};

// An SVG die showing `face` (blank for none), drawn by the dice tray and, small, by the history.
export function dieFace(face, className = "dicelab-die-face") {
  const pips = (PIPS[face] ?? []).map((spot) => {
    const [cx, cy] = SPOTS[spot];
    return `<circle cx="${cx}" cy="${cy}" r="9" class="dicelab-pip"/>`;
  });
  const holder = document.createElement("span");
  holder.innerHTML = `<svg viewBox="0 0 100 100" aria-hidden="true" class="${className}">
    <rect x="4" y="4" width="92" height="92" rx="18" class="dicelab-die-body"/>${pips.join("")}</svg>`;
  return holder.firstElementChild;
}

// Restart a CSS animation on `node` (a die tumbling, the shaker shaking).
export function replay(node, className) {
  node.classList.remove(className);
  void node.offsetWidth;
  node.classList.add(className);
}
