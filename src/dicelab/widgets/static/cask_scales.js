// @ts-check
// Cask scales: per player, the casks (hatched red), the banked score (yellow) and where a save
// would land (striped blue), on a 0-to-target scale.
import { component, element, swatch } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.cask_scales.CaskScales (a test checks them).
 * @typedef {object} CaskScalesPart
 * @property {string} component
 * @property {number} target
 * @property {any[]} ticks
 * @property {any[]} casks
 * @property {any[]} rows
 * @property {string} caption
 * @property {any[]} legend
 */

/** Where a span from `from` to `to` sits on a scale to `target`, as CSS percentages (an
 * empty width where `to` is below `from`).
 * @param {number} from @param {number} to @param {number} target */
export function spanPosition(from, to, target) {
  return { left: `${(100 * from) / target}%`, width: `${(100 * Math.max(0, to - from)) / target}%` };
}

function span(className, from, to, target) {
  const node = element("div", className);
  Object.assign(node.style, spanPosition(from, to, target));
  return node;
}

function legend(items) {
  const node = element("ul", "dicelab-scales-legend");
  node.setAttribute("aria-hidden", "true");
  for (const [className, text] of items) {
    const item = element("li");
    item.append(element("span", `dicelab-scales-key ${className}`), text);
    node.append(item);
  }
  return node;
}

function scaleRow(row, target, casks) {
  const line = element("div", "dicelab-scale-row");
  line.classList.toggle("is-current", Boolean(row.current));
  line.dataset.player = row.name;
  line.dataset.banked = String(row.banked);
  line.dataset.standing = String(row.standing);
  const name = element("div", "dicelab-scale-name");
  name.append(swatch("dicelab-scale-swatch", row.colour ?? "transparent"),
    element("span", "", row.current ? `▶ ${row.name}` : row.name),
    element("strong", "dicelab-scale-banked", String(row.banked)));
  const track = element("div", "dicelab-scale-track");
  track.setAttribute("role", "img");
  track.setAttribute("aria-label", row.label);
  for (const cask of casks) {
    const zone = span("dicelab-scale-cask", cask.low, cask.high, target);
    zone.append(element("span", "", cask.label));
    track.append(zone);
  }
  track.append(span("dicelab-scale-bar is-banked", 0, row.banked, target));
  if (row.standing > row.banked) {
    const mark = element("span", "dicelab-scale-mark", `→ ${row.standing}`);
    mark.style.left = `${(100 * row.standing) / target}%`;
    track.append(span("dicelab-scale-bar is-standing", row.banked, row.standing, target), mark);
  }
  line.append(name, track);
  return line;
}

function axis(ticks, target) {
  const line = element("div", "dicelab-scale-row dicelab-scale-axis");
  line.setAttribute("aria-hidden", "true");
  const numbers = element("div", "dicelab-scale-ticks");
  for (const tick of ticks) {
    const number = element("span", "", String(tick));
    number.style.left = `${(100 * tick) / target}%`;
    numbers.append(number);
  }
  line.append(element("div"), numbers);
  return line;
}

component("cask_scales", (slot, { say }) => {
  const root = element("section", "dicelab-scales");
  slot.append(root);
  return (/** @type {CaskScalesPart} */ part) => {
    root.setAttribute("aria-label", say("scales", { target: part.target }));
    root.replaceChildren(
      element("p", "dicelab-scales-caption", part.caption),
      legend(part.legend),
      ...part.rows.map((row) => scaleRow(row, part.target, part.casks)),
      axis(part.ticks, part.target),
    );
  };
});
