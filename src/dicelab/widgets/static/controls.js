// Controls: buttons from specs, turn banner, aria-live status, refusal notice, keys help.
component("controls", (slot, { send }) => {
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
  help.append(element("summary", "", "Keys"), helpText);
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
  const drawMoment = (part) => {
    if (!part.kind) return momentSlot.replaceChildren();
    if (momentSlot.firstElementChild?.dataset.serial === String(part.serial)) return;
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

  return (part) => {
    heading.textContent = part.heading;
    who.replaceChildren();
    if (part.turn.text) who.append(swatch("dicelab-swatch", part.turn.colour), element("span", "", part.turn.text));
    const moment = part.moment ?? {};
    drawMoment(moment);
    turn.hidden = !part.turn.text && !moment.kind;
    row.replaceChildren(...part.buttons.map(drawButton));
    status.replaceChildren(...(moment.kind ? [element("span", "dicelab-moment-said", `${moment.text} `)] : []),
                           part.status);
    notice.textContent = part.notice.text ?? "";
    notice.classList.toggle("is-empty", !notice.textContent);
    status.classList.toggle("is-covered", Boolean(notice.textContent));  // the refusal shows instead
    helpText.textContent = part.help;
    help.hidden = !part.help;
  };
});
