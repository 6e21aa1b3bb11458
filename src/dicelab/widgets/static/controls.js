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

  // The last action's moment, in the status line (its live region says it first); a new one
  // (a new serial) is a new element, so that its animation plays once.
  let moment = null;
  const drawMoment = (part) => {
    if (!part.kind) return (moment = null);
    if (moment?.dataset.serial === String(part.serial)) return moment;
    moment = element("strong", "dicelab-moment", part.text);
    moment.dataset.moment = part.kind;
    moment.dataset.serial = String(part.serial);
    return moment;
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
    turn.replaceChildren();
    if (part.turn.text) turn.append(swatch("dicelab-swatch", part.turn.colour), element("span", "", part.turn.text));
    row.replaceChildren(...part.buttons.map(drawButton));
    const shown = drawMoment(part.moment ?? {});
    status.replaceChildren(...(shown ? [shown, " "] : []), part.status);
    notice.textContent = part.notice.text ?? "";
    notice.classList.toggle("is-empty", !notice.textContent);
    status.classList.toggle("is-covered", Boolean(notice.textContent));  // the refusal shows instead
    helpText.textContent = part.help;
    help.hidden = !part.help;
  };
});
