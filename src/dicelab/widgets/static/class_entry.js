// @ts-check
// A student's class tournament (the controls above it say where the tournament is, and why a
// setting was refused): while entries are open, the strategy builder (thresholds by
// dice left, one when behind, one when the opponent nears the target, the set-aside rule)
// and Enter; then the strategy's card: its settings drawn as bars, and its results once the
// round robin is played. Each menu sends its setting at once; Enter is one press after the last.
import { component, element, button } from "./helpers.js";

/** What this component draws: the fields of dicelab.classroom.tournament.ClassEntry (a test checks them).
 * @typedef {object} ClassEntryPart
 * @property {string} component
 * @property {string} phase
 * @property {number} target
 * @property {object} settings
 * @property {object} choices
 * @property {any[]} entered
 * @property {object} entry
 * @property {object | null} card
 */

const DICE = [6, 5, 4, 3, 2, 1];
const WORDS = { most_points: "most points", fewest_dice: "fewest dice", keep_most_dice: "keep most dice" };

/** A share as a percentage with one decimal. @param {number} share */
const percent = (share) => `${(100 * share).toFixed(1)} %`;

/** "1st", "2nd", "3rd", "4th"… @param {number} n */
export function ordinal(n) {
  const tens = n % 100, ones = n % 10;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ones === 1 ? "st" : ones === 2 ? "nd" : ones === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

let entryCount = 0;

component("class_entry", (slot, { send }) => {
  const form = ++entryCount;
  const root = element("div", "dicelab-entry");
  slot.append(root);

  // One menu: its label, its choices (0 shown as `off` where given), sending its setting.
  const menu = (part, setting, label, off = "") => {
    const id = `dicelab-entry-${form}-${setting}`;
    const row = element("div", "dicelab-entry-field");
    const name = element("label", "", label);
    name.htmlFor = id;
    const select = element("select");
    select.id = id;
    select.dataset.key = setting;
    const choices = setting === "all" ? part.choices.bank_1 : part.choices[setting];
    for (const choice of choices) {
      const text = choice === 0 && off ? off : WORDS[choice] ?? String(choice);
      const option = element("option", "", text);
      option.value = String(choice);
      select.append(option);
    }
    const banks = DICE.map((n) => part.settings[`bank_${n}`]);
    if (setting === "all") {
      const same = banks.every((b) => b === banks[0]);
      if (!same) select.prepend(new Option("by dice left", ""));
      select.value = same ? String(banks[0]) : "";
    } else {
      select.value = String(part.settings[setting]);
    }
    select.addEventListener("change", () => {
      if (select.value === "") return;
      const value = typeof choices[0] === "number" ? Number(select.value) : select.value;
      send({ type: "set", setting, value });
    });
    row.append(name, select);
    return row;
  };

  // The thresholds by dice left entered as bars (the strategy's card): the longer, the bolder.
  const bars = (part, settings) => {
    const list = element("div", "dicelab-entry-bars");
    list.setAttribute("role", "list");
    list.setAttribute("aria-label", "Bank at, by dice left");
    for (const n of DICE) {
      const points = settings[`bank_${n}`];
      const row = element("div", "dicelab-entry-bar");
      row.setAttribute("role", "listitem");
      const bar = element("span", "dicelab-entry-fill");
      bar.style.width = `${(100 * points) / part.target}%`;
      row.append(element("span", "dicelab-entry-dice", `${n} ${n === 1 ? "die" : "dice"}`),
                 element("span", "dicelab-entry-track"), element("span", "dicelab-entry-points", String(points)));
      row.children[1].append(bar);
      list.append(row);
    }
    return list;
  };

  const builder = (part) => {
    const section = element("section", "dicelab-entry-builder");
    const dice = element("fieldset", "dicelab-entry-group");
    dice.append(element("legend", "", "Bank once the points at risk reach"),
                menu(part, "all", "Any dice left"));
    const grid = element("div", "dicelab-entry-dice-grid");
    for (const n of DICE) grid.append(menu(part, `bank_${n}`, `${n} ${n === 1 ? "die" : "dice"}`));
    dice.append(grid);
    const behind = element("fieldset", "dicelab-entry-group");
    behind.append(element("legend", "", "When you are behind"),
                  menu(part, "behind", "Behind by more than", "off"));
    if (part.settings.behind) behind.append(menu(part, "behind_bank_at", "then bank at"));
    const near = element("fieldset", "dicelab-entry-group");
    near.append(element("legend", "", `When the opponent is near ${part.target}`),
                menu(part, "near", `Within`, "off"));
    if (part.settings.near) near.append(menu(part, "near_bank_at", "then bank at"));
    const keep = element("fieldset", "dicelab-entry-group");
    keep.append(element("legend", "", "After a throw"), menu(part, "set_aside", "Set aside"));
    const label = part.entered.length ? "Enter again" : "Enter the tournament";
    const enter = button("dicelab-button dicelab-entry-enter", label,
      part.entered.length ? "Enter again: this strategy replaces your entry" : "Enter the tournament with this strategy",
      "enter", () => send({ type: "enter" }));
    enter.dataset.tone = "confirm";
    section.append(dice, behind, near, keep, enter);
    return section;
  };

  const card = (part) => {
    const section = element("section", "dicelab-entry-card");
    section.append(element("h3", "", "Your strategy's card"));
    const entry = /** @type {Record<string, number>} */ (part.entry);
    if (Object.keys(entry).length) section.append(bars(part, entry));
    const said = element("ul", "dicelab-entry-said");
    for (const line of part.entered) said.append(element("li", "", line));
    section.append(said);
    const result = part.card;
    if (result) {
      const lines = element("dl", "dicelab-entry-result");
      const add = (term, text) => lines.append(element("dt", "", term), element("dd", "", text));
      add("Place", `${ordinal(result.place)} of ${result.of} students`);
      if (result.place_all !== undefined) add("With robots", `${ordinal(result.place_all)} of ${result.of_all}`);
      add("Won", `${percent(result.share)} ± ${percent(2 * result.se)} of ${result.games} games`);
      if (result.points_per_turn !== undefined) add("Points a turn", `${result.points_per_turn} (exact)`);
      if (result.agreement !== undefined) add("As the win robot", `in ${percent(result.agreement)} of the states (exact)`);
      section.append(lines);
    }
    return section;
  };

  return (/** @type {ClassEntryPart} */ part) => {
    const children = [];
    if (part.phase === "open") children.push(builder(part));
    if (part.entered.length) children.push(card(part));
    root.dataset.phase = part.phase;
    root.dataset.entered = String(part.entered.length > 0);
    root.replaceChildren(...children);
  };
});
