// Controls: buttons from specs, turn banner, aria-live status, refusal notice, game keyboard.
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render({ model, el }) {
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
  root.append(heading, turn, row, status, notice, help);
  el.append(root);

  const drawButton = (spec) => {
    const button = element("button", "dicelab-button", spec.label);
    button.type = "button";
    button.dataset.key = spec.id;
    button.setAttribute("aria-label", spec.aria_label || spec.label);
    button.setAttribute("aria-disabled", String(!spec.enabled));
    if (!spec.enabled && spec.reason) button.title = spec.reason;
    if (spec.key) {
      button.setAttribute("aria-keyshortcuts", spec.key);
      button.append(" ", element("kbd", "", spec.key.toUpperCase()));
    }
    button.addEventListener("click", () => model.send({ type: "press", button: spec.id }));
    return button;
  };

  const draw = () => {
    const focused = row.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    heading.textContent = model.get("heading");
    const who = model.get("turn");
    turn.replaceChildren();
    if (who.text) {
      const swatch = element("span", "dicelab-swatch");
      swatch.style.background = who.colour;
      turn.append(swatch, element("span", "", who.text));
    }
    row.replaceChildren(...model.get("buttons").map(drawButton));
    if (focused) (row.querySelector(`[data-key="${focused}"]`) ?? el.closest(".dicelab-game"))?.focus();
    status.textContent = model.get("status");
    notice.textContent = model.get("notice").text ?? "";
    notice.hidden = !notice.textContent;
    helpText.textContent = model.get("help");
    help.hidden = !helpText.textContent;
  };

  // Keys pressed in this game go to Python and never to JupyterLab's notebook shortcuts.
  // The game (the box around the components) keeps the focus when a click lands on an empty
  // part of it or a focused control is redrawn away; Escape or a click elsewhere gives it back.
  const game = () => el.closest(".dicelab-game") ?? el;
  const leave = () => {
    const notebook = el.closest(".jp-Notebook");
    if (notebook) notebook.focus();
    else document.activeElement.blur();
  };
  const onPointer = (event) => {
    if (game().contains(event.target)) game().tabIndex = -1;
    else if (game().contains(document.activeElement)) leave();
  };
  const onKey = (event) => {
    if (!game().contains(event.target)) return;
    game().tabIndex = -1;
    if (event.key === "Escape") return leave();
    if (event.key === "Tab" || event.ctrlKey || event.metaKey || event.altKey) return;
    event.stopPropagation();
    const typing = event.target.matches("input, textarea, select, [contenteditable]");
    if (typing || event.key.length !== 1 || event.key === " ") return;
    event.preventDefault();
    model.send({ type: "key", key: event.key.toLowerCase() });
  };

  draw();
  model.on("change", draw);
  window.addEventListener("keydown", onKey, true);
  window.addEventListener("pointerdown", onPointer, true);
  return () => {
    model.off("change", draw);
    window.removeEventListener("keydown", onKey, true);
    window.removeEventListener("pointerdown", onPointer, true);
  };
}

export default { render };
