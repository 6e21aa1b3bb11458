// @ts-check
// Tally: two counts typed in (tries and hits, e.g. throws of real dice and farkles) and Send.
import { component, element, button } from "./helpers.js";

/** What this component draws: the fields of dicelab.classroom.throws.TallyForm (a test checks them).
 * @typedef {object} TallyPart
 * @property {string} component
 * @property {string} tries_label
 * @property {string} hits_label
 * @property {any[]} sent
 */

component("tally", (slot, { send }) => {
  const form = element("form", "dicelab-tally");
  const field = (key) => {
    const label = element("label", "dicelab-tally-field");
    const caption = element("span");
    const input = element("input");
    input.type = "number";
    input.min = "0";
    input.step = "1";
    input.inputMode = "numeric";
    input.required = true;
    input.dataset.key = key;
    label.append(caption, input);
    return { label, caption, input };
  };
  const tries = field("tries");
  const hits = field("hits");
  const go = button("dicelab-button", "Send", "Send these counts", "send", () => {});
  go.type = "submit";
  const sent = element("p", "dicelab-tally-sent");
  form.append(tries.label, hits.label, go, sent);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const number = (input) => Number.parseInt(input.value, 10);
    if (!Number.isInteger(number(tries.input)) || !Number.isInteger(number(hits.input))) return;
    send({ type: "send", tries: number(tries.input), hits: number(hits.input) });
    tries.input.value = "";
    hits.input.value = "";
  });
  slot.append(form);
  return (/** @type {TallyPart} */ part) => {
    tries.caption.textContent = part.tries_label;
    hits.caption.textContent = part.hits_label;
    const total = part.sent.reduce((sum, [t, h]) => [sum[0] + t, sum[1] + h], [0, 0]);
    sent.textContent = part.sent.length
      ? `Sent so far: ${total[1]} in ${total[0]} (${part.sent.length} ${part.sent.length === 1 ? "tally" : "tallies"}).`
      : "";
  };
});
