// @ts-check
// Coach: the best options with their values, the odds, the verdict on the last move, the report.
import { component, element, button } from "./helpers.js";

/** What this component draws: the fields of dicelab.widgets.components.coach.CoachPanel (a test checks them).
 * @typedef {object} CoachPart
 * @property {string} component
 * @property {string} busy
 * @property {string} help
 * @property {string} caption
 * @property {any[]} options
 * @property {string} why
 * @property {string} odds_caption
 * @property {any[]} odds
 * @property {object} verdict
 * @property {object} report
 * @property {any[]} measures
 */

/** @param {object} item @param {(key: string) => string} say */
function labelled(item, say) {
  const row = element("li", item.best ? "is-best" : "");
  row.append(element("span", "dicelab-coach-label", item.label),
             element("span", "dicelab-coach-value", item.value));
  if (item.best) row.prepend(element("strong", "dicelab-coach-tag", say("coach_best")));
  return row;
}

function list(className, items, draw) {
  const node = element("ol", className);
  node.append(...items.map(draw));
  return node;
}

// The measures the coach can rate by, as toggle buttons (the chosen one pressed); one that
// can't be chosen here is described by the note saying why.
let coachPanels = 0;
function measureButton(measure, send, noteId) {
  const node = button("dicelab-button dicelab-coach-measure", measure.label, "", `measure-${measure.id}`,
    () => send({ type: "measure", measure: measure.id }));
  node.setAttribute("aria-pressed", String(measure.chosen));
  node.setAttribute("aria-disabled", String(Boolean(measure.reason)));
  if (measure.reason) node.setAttribute("aria-describedby", noteId);
  return node;
}

component("coach", (slot, { send, say }) => {
  const root = element("section", "dicelab-coach");
  root.setAttribute("aria-label", say("coach"));
  root.tabIndex = 0;  // below the table its frame may scroll, by keyboard too
  const measures = element("div", "dicelab-coach-measures");
  measures.setAttribute("role", "group");
  measures.setAttribute("aria-label", say("coach_rate_by"));
  const measureNote = element("p", "dicelab-coach-measure-note");
  coachPanels += 1;
  measureNote.id = `dicelab-coach-measure-note-${coachPanels}`;
  const verdict = element("p", "dicelab-coach-verdict");
  verdict.setAttribute("role", "status");
  verdict.setAttribute("aria-live", "polite");
  const body = element("div", "dicelab-coach-body");
  const report = element("div", "dicelab-coach-report");
  const help = element("p", "dicelab-coach-help");
  root.append(element("h3", "dicelab-coach-heading", say("coach")), measures, measureNote, verdict, body, report,
              help);
  slot.append(root);

  return (/** @type {CoachPart} */ part) => {
    const busy = part.busy;
    root.classList.toggle("is-busy", Boolean(busy));
    root.setAttribute("aria-busy", String(Boolean(busy)));
    const label = part.measures.length ? [element("span", "dicelab-coach-measures-label", say("coach_rate_by_label"))] : [];
    label.forEach((node) => node.setAttribute("aria-hidden", "true"));  // the group has its name
    measures.replaceChildren(...label, ...part.measures.map((measure) => measureButton(measure, send, measureNote.id)));
    measures.hidden = !part.measures.length;
    measureNote.textContent = part.measures.map((measure) => measure.reason).filter(Boolean).join(" ");
    measureNote.hidden = !measureNote.textContent;
    body.replaceChildren();
    report.replaceChildren();
    verdict.textContent = busy || (part.verdict.text ?? "");
    verdict.hidden = !verdict.textContent;
    help.textContent = busy ? "" : part.help;
    help.hidden = !help.textContent;
    if (busy) return;
    if (part.caption) body.append(element("p", "dicelab-coach-caption", part.caption));
    if (part.options.length) body.append(list("dicelab-coach-options", part.options, (item) => labelled(item, say)));
    if (part.why) body.append(element("p", "dicelab-coach-why", part.why));
    if (part.odds.length) {
      body.append(element("p", "dicelab-coach-caption", part.odds_caption),
                  list("dicelab-coach-odds", part.odds, (item) => labelled(item, say)));
    }
    const summary = part.report;
    if (summary.heading) {
      report.append(element("h4", "dicelab-coach-report-heading", summary.heading),
                    ...summary.lines.map((line) => element("p", "", line)));
      if (summary.costliest.length) {
        report.append(list("dicelab-coach-costliest", summary.costliest, (text) => element("li", "", text)));
      }
    }
  };
});
