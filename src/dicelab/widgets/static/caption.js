// @ts-check
// Caption: a line of text beside other parts (the sentence next to a lesson's dice).
import { component, element } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.caption.Caption (a test checks them).
 * @typedef {object} CaptionPart
 * @property {string} component
 * @property {string} text
 */

component("caption", (slot) => {
  const text = element("b", "dicelab-caption");
  slot.append(text);
  return (/** @type {CaptionPart} */ part) => {
    text.textContent = part.text;
  };
});
