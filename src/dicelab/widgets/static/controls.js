// @ts-check
// Controls: buttons from specs, turn banner, aria-live status, refusal notice, keys help.
import { component, element, button, swatch } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.controls.Controls (a test checks them).
 * @typedef {object} ControlsPart
 * @property {string} component
 * @property {string} heading
 * @property {object} turn
 * @property {any[]} buttons
 * @property {string} status
 * @property {object} notice
 * @property {string} help
 * @property {object} moment
 * @property {boolean} sound
 */

// The notes of each moment (frequencies in Hz, each an eighth of a second), made by the
// browser's own oscillators: no sound file, nothing fetched.
const TUNES = {
  farkle: [330, 247, 196], burn: [294, 220, 165], hot_dice: [523, 659, 784],
  yahtzee: [523, 659, 784, 1047], bonus: [659, 880], win: [523, 659, 784, 659, 1047],
};
let audio = null;
function playTune(kind) {
  const notes = TUNES[kind];
  const Context = window.AudioContext ?? /** @type {any} */ (window).webkitAudioContext;
  if (!notes || !Context) return;
  audio ??= new Context();
  if (audio.state === "suspended") audio.resume();
  notes.forEach((frequency, index) => {
    const start = audio.currentTime + index * 0.12;
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = kind === "farkle" || kind === "burn" ? "sawtooth" : "triangle";
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start);
    volume.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + 0.11);
    tone.connect(volume).connect(audio.destination);
    tone.start(start);
    tone.stop(start + 0.12);
  });
  return notes.length;
}
component("controls", (slot, { send, say }) => {
  const root = element("div", "dicelab-controls");
  const heading = element("div", "dicelab-heading");
  const turn = element("div", "dicelab-turn");
  const row = element("div", "dicelab-buttons");
  const status = element("p", "dicelab-status");
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  const notice = element("p", "dicelab-notice");
  notice.setAttribute("aria-live", "assertive");
  const help = element("details", "dicelab-help");
  const helpText = element("p");
  help.append(element("summary", "", say("keys")), helpText);
  const messages = element("div", "dicelab-messages");
  messages.append(status, notice);
  root.append(heading, turn, row, messages, help);
  slot.append(root);

  // The last action's moment: a badge beside whose turn it is (a new serial is a new badge,
  // so that its animation plays once), and its words first in the status line's live region.
  const who = element("span", "dicelab-turn-who");
  const momentSlot = element("span", "dicelab-moment-slot");
  momentSlot.setAttribute("aria-hidden", "true");  // the status line says it
  turn.append(who, momentSlot);
  let heard = null;  // the serial of the last moment drawn (none sounds when the table is drawn first)
  const drawMoment = (part, sound) => {
    const first = heard === null;
    if (!part.kind) {
      heard = 0;
      return momentSlot.replaceChildren();
    }
    if (momentSlot.firstElementChild?.dataset.serial === String(part.serial)) return;
    if (sound && !first && part.serial !== heard && playTune(part.kind)) root.dataset.sounded = part.kind;
    heard = part.serial;
    const badge = element("strong", "dicelab-moment", part.text);
    badge.dataset.moment = part.kind;
    badge.dataset.serial = String(part.serial);
    momentSlot.replaceChildren(badge);
  };

  const drawButton = (spec) => {
    const node = button("dicelab-button", spec.label, spec.aria_label || spec.label, spec.id,
      () => send({ type: "press", button: spec.id }));
    node.setAttribute("aria-disabled", String(!spec.enabled));
    if (spec.tone) node.dataset.tone = spec.tone;
    if (!spec.enabled && spec.reason) node.title = spec.reason;
    if (spec.key) {
      node.setAttribute("aria-keyshortcuts", spec.key);
      node.dataset.hint = spec.key.toUpperCase();  // drawn by CSS: the spoken name is the label
    }
    return node;
  };

  return (/** @type {ControlsPart} */ part) => {
    heading.textContent = part.heading;
    who.replaceChildren();
    if (part.turn.text) who.append(swatch("dicelab-swatch", part.turn.colour), element("span", "", part.turn.text));
    const moment = part.moment ?? {};
    drawMoment(moment, part.sound);
    turn.hidden = !part.turn.text && !moment.kind;
    row.replaceChildren(...part.buttons.map(drawButton));
    status.replaceChildren(...(moment.kind ? [element("span", "dicelab-moment-said dicelab-said-only", `${moment.text} `)] : []),
                           part.status);
    notice.textContent = part.notice.text ?? "";
    notice.classList.toggle("is-empty", !notice.textContent);
    status.classList.toggle("is-covered", Boolean(notice.textContent));  // the refusal shows instead
    helpText.textContent = part.help;
    help.hidden = !part.help;
  };
});
