// @ts-check
// Setup screen: players - / +, and per seat a name, a colour (◀ / ▶) and human or bot.
import { component, element, button, swatch } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.setup.SeatSetup (a test checks them).
 * @typedef {object} SetupPart
 * @property {string} component
 * @property {string} heading
 * @property {any[]} seats
 * @property {any[]} kinds
 * @property {any[]} presets
 * @property {string} preset
 * @property {number} max_name
 */

// The seed's green flag, that starts a game, heads the setup (its Start button is green too).
const FLAG = `<svg viewBox="0 0 16 16" aria-hidden="true" class="dicelab-setup-flag">
  <path d="M3 1.5v13" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/>
  <path d="M3.8 2.2c2.6-1.2 4.4 1.2 7.2 0 .6-.2 1.2 0 1.2.6v5.6c0 .4-.2.6-.6.8-2.7 1.1-4.5-1.2-7.8.2z"
    fill="currentColor"/></svg>`;

function choice(options, value, label, key, onChange) {
  const select = element("select", "dicelab-setup-select");
  select.dataset.key = key;
  select.setAttribute("aria-label", label);
  for (const option of options) select.append(new Option(option.label, option.id, false, option.id === value));
  select.addEventListener("change", () => onChange(select.value));
  return select;
}

component("setup", (slot, { send, say }) => {
  const root = element("div", "dicelab-setup");
  slot.append(root);
  const step = (className, text, label, key, intent) =>
    button(`dicelab-setup-button ${className}`, text, label, key, () => send(intent));

  const drawSeat = (seat, index, kinds, maxName) => {
    const who = say("setup_player", { number: index + 1 });
    const row = element("li", "dicelab-seat");
    const name = element("input", "dicelab-seat-name");
    Object.assign(name, { type: "text", value: seat.name, placeholder: seat.placeholder ?? "",
                          maxLength: maxName, spellcheck: false });
    name.dataset.key = `name/${index}`;
    name.setAttribute("aria-label", say("setup_name", { who }));
    name.addEventListener("change", () => send({ type: "name", seat: index, name: name.value }));
    row.append(element("span", "dicelab-seat-number", `${index + 1}.`), name);
    if (seat.colour) {
      const colour = element("span", "dicelab-seat-colour");
      colour.append(swatch("dicelab-setup-swatch", seat.swatch), element("span", "", seat.colour_name ?? seat.colour));
      row.append(
        step("is-cycle", "◀", say("setup_previous_colour", { who }), `prev/${index}`, { type: "colour", seat: index, step: -1 }),
        colour,
        step("is-cycle", "▶", say("setup_next_colour", { who }), `next/${index}`, { type: "colour", seat: index, step: 1 }),
      );
    }
    row.append(choice(kinds, seat.kind, say("setup_kind", { who }), `kind/${index}`,
      (kind) => send({ type: "kind", seat: index, kind })));
    return row;
  };

  return (/** @type {SetupPart} */ part) => {
    const count = element("div", "dicelab-setup-count");
    count.append(
      element("span", "dicelab-setup-label", say("setup_players")),
      step("is-minus", "−", say("setup_fewer"), "fewer", { type: "seats", delta: -1 }),
      element("output", "dicelab-setup-number", String(part.seats.length)),
      step("is-plus", "+", say("setup_more"), "more", { type: "seats", delta: 1 }),
    );
    const list = element("ol", "dicelab-seats");
    list.append(...part.seats.map((seat, index) => drawSeat(seat, index, part.kinds, part.max_name)));
    const rules = element("label", "dicelab-setup-rules");
    rules.append(element("span", "dicelab-setup-label", say("setup_rules")),
      choice(part.presets, part.preset, say("setup_rules"), "rules", (preset) => send({ type: "rules", preset })));
    const heading = element("div", "dicelab-setup-heading", part.heading);
    heading.insertAdjacentHTML("afterbegin", FLAG);
    root.replaceChildren(heading, count, list, rules);
  };
});
