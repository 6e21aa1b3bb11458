// @ts-check
// Rule lab form: a preset picker and one field per rule setting; a refusal shows beside its
// field (and in a live region), the rules it refused stay in place.
import { component, element, sendsTyped } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.rule_lab.RuleForm (a test checks them).
 * @typedef {object} RuleFormPart
 * @property {string} component
 * @property {string} heading
 * @property {any[]} presets
 * @property {string} preset
 * @property {any[]} fields
 * @property {object} notice
 */

let ruleFormCount = 0;

component("rule_form", (slot, { send }) => {
  const form = ++ruleFormCount;
  const root = element("div", "dicelab-rule-form");
  const heading = element("h3", "dicelab-rule-heading");
  const presets = element("select", "dicelab-rule-select");
  presets.dataset.key = "preset";
  presets.addEventListener("change", () => send({ type: "preset", name: presets.value }));
  const presetLabel = element("label", "dicelab-rule-preset");
  presetLabel.append(element("span", "dicelab-rule-name", "Preset"), presets);
  const notice = element("p", "dicelab-rule-notice");
  notice.setAttribute("aria-live", "polite");
  const list = element("div", "dicelab-rule-fields");
  root.append(heading, presetLabel, notice, list);
  slot.append(root);

  const input = (setting, id) => {
    const node = element("input", setting.kind === "flag" ? "dicelab-rule-flag" : "dicelab-rule-input");
    if (setting.kind === "flag") {
      node.type = "checkbox";
      node.checked = setting.on;
      node.addEventListener("change", () => send({ type: "flag", setting: setting.name, on: node.checked }));
    } else {
      sendsTyped(node, setting.text, (text) => send({ type: "set", setting: setting.name, text }));
      if (setting.kind === "number") node.inputMode = "numeric";
    }
    node.id = id;
    node.dataset.key = `setting/${setting.name}`;
    return node;
  };

  const field = (setting) => {
    const id = `dicelab-rule-${form}-${setting.name}`;
    const row = element("div", `dicelab-rule-field is-${setting.kind}`);
    const name = element("label", "dicelab-rule-name", setting.label);
    name.htmlFor = id;
    const box = input(setting, id);
    // Numbers and flags need no visible hint; screen readers still hear it.
    const spoken = setting.kind === "number" || setting.kind === "flag";  // said, not shown
    const hint = element("span", `dicelab-rule-hint is-${setting.kind}${spoken ? " dicelab-said-only" : ""}`, setting.hint);
    hint.id = `${id}-hint`;
    const described = [hint.id];
    row.append(name, box, hint);
    if (setting.choices.length) {
      const options = element("datalist");
      options.id = `${id}-choices`;
      options.append(...setting.choices.map((choice) => new Option(choice, choice)));
      box.setAttribute("list", options.id);
      hint.textContent = `${setting.hint}: ${setting.choices.join(", ")}`;
      row.append(options);
    }
    if (setting.error) {
      const error = element("span", "dicelab-rule-error", setting.error);
      error.id = `${id}-error`;
      described.unshift(error.id);
      box.setAttribute("aria-invalid", "true");
      row.append(error);
    }
    box.setAttribute("aria-describedby", described.join(" "));
    return row;
  };

  return (/** @type {RuleFormPart} */ part) => {
    heading.textContent = part.heading;
    presets.setAttribute("aria-label", `Preset of the ${part.heading}`);
    presets.replaceChildren(...part.presets.map((preset) => {
      const option = new Option(preset.label, preset.id, false, preset.id === part.preset);
      option.disabled = preset.id === "";  // "custom" is shown, not chosen
      return option;
    }));
    notice.textContent = part.notice.text ?? "";
    notice.classList.toggle("is-empty", !notice.textContent);
    const beside = Boolean(part.notice.setting);  // shown beside its field, so only said here
    notice.classList.toggle("is-spoken", beside);
    notice.classList.toggle("dicelab-said-only", beside);
    list.replaceChildren(...part.fields.map(field));
  };
});
