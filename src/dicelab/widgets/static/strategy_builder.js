// @ts-check
// The strategy builder's form: the turn points from which the strategy banks, by dice left,
// in each situation (−/+ or typed), the situations switched on or off, the set-aside rule
// and the name. Every value shown is Python's; a click sends an intent and Python redraws.
import { component, element, button, sendsTyped } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.strategy.BuilderForm (a test checks them).
 * @typedef {object} BuilderFormPart
 * @property {string} component
 * @property {string} heading
 * @property {object} words
 * @property {string} name
 * @property {any[]} situations
 * @property {any[]} set_aside
 * @property {string} summary
 * @property {object} notice
 */

// A text field (its words for screen readers, its key to keep the focus) that sends what
// was typed.
function typedField(className, value, label, key, sendText) {
  const node = sendsTyped(element("input", className), value, sendText);
  node.setAttribute("aria-label", label);
  node.dataset.key = key;
  return node;
}

component("strategy_builder", (slot, { send }) => {
  const root = element("div", "dicelab-builder");
  const heading = element("h3", "dicelab-builder-heading");
  const nameRow = element("label", "dicelab-builder-name");
  const nameWords = element("span", "dicelab-builder-term");
  const nameSlot = element("span");
  nameRow.append(nameWords, nameSlot);
  const situations = element("div", "dicelab-builder-situations");
  const setAside = element("fieldset", "dicelab-builder-set-aside");
  const summary = element("p", "dicelab-builder-summary");
  const notice = element("p", "dicelab-builder-notice");
  notice.setAttribute("aria-live", "polite");
  root.append(heading, nameRow, situations, setAside, notice, summary);
  slot.append(root);

  /** A value with a − and a + button. */
  const stepper = (setting, value, label, words, refused) => {
    const box = element("span", "dicelab-builder-stepper");
    const down = button("dicelab-button dicelab-builder-step", "−", `${label}: ${words[0]}`,
                        `step/${setting}/-1`, () => send({ type: "step", setting, by: -1 }));
    const up = button("dicelab-button dicelab-builder-step", "+", `${label}: ${words[1]}`,
                      `step/${setting}/1`, () => send({ type: "step", setting, by: 1 }));
    const field = typedField("dicelab-builder-value", value, label, `set/${setting}`,
                             (text) => send({ type: "set", setting, text }));
    field.inputMode = "numeric";
    field.dataset.setting = setting;
    if (refused === setting) field.setAttribute("aria-invalid", "true");  // its value was refused
    box.append(down, field, up);
    return box;
  };

  const situation = (shown, words, refused) => {
    const group = element("fieldset", `dicelab-builder-situation${shown.on ? "" : " is-off"}`);
    group.dataset.situation = shown.id;
    group.append(element("legend", "dicelab-builder-legend", shown.label));
    if (shown.switch) {
      const toggle = button("dicelab-button dicelab-builder-switch", shown.switch, `${shown.switch}: ${shown.label}`,
                            `switch/${shown.id}`, () => send({ type: "switch", situation: shown.id, on: !shown.on }));
      toggle.setAttribute("aria-pressed", String(shown.on));
      group.append(toggle);
    }
    if (shown.on && shown.limit.setting) {
      const limit = element("div", "dicelab-builder-limit");
      limit.append(element("span", "dicelab-builder-term", shown.limit.label),
                   stepper(shown.limit.setting, shown.limit.value, shown.limit.label, [words.less, words.more], refused),
                   element("span", "", words.points));
      group.append(limit);
    }
    if (shown.on) {
      const cells = element("div", "dicelab-builder-cells");
      cells.append(...shown.cells.map((cell) => {
        const item = element("div", "dicelab-builder-cell");
        item.append(element("span", "dicelab-builder-dice", cell.label),
                    stepper(cell.setting, cell.value, `${shown.label}, ${cell.label}`, [words.earlier, words.later], refused));
        return item;
      }));
      group.append(cells);
    }
    return group;
  };

  return (/** @type {BuilderFormPart} */ part) => {
    const words = /** @type {Record<string, string>} */ (part.words);
    heading.textContent = part.heading;
    nameWords.textContent = words.name;
    nameSlot.replaceChildren(typedField("dicelab-builder-value is-name", part.name, words.name, "rename",
                                        (text) => send({ type: "rename", text })));
    const said = /** @type {{text?: string, setting?: string}} */ (part.notice);
    situations.replaceChildren(...part.situations.map((shown) => situation(shown, words, said.setting)));
    setAside.replaceChildren(element("legend", "dicelab-builder-legend", words.set_aside),
      ...part.set_aside.map((rule) => {
        const choice = button("dicelab-button dicelab-builder-choice", rule.label, "", `set_aside/${rule.id}`,
                              () => send({ type: "set_aside", rule: rule.id }));
        choice.setAttribute("aria-pressed", String(rule.chosen));
        return choice;
      }));
    notice.textContent = said.text ?? "";
    notice.hidden = !said.text;
    summary.textContent = part.summary;
  };
});
