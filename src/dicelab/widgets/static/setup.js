// Setup screen: players - / +, and per seat a name, a colour (◀ / ▶) and human or bot.
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(className, text, label, key, intent, model) {
  const node = element("button", `dicelab-setup-button ${className}`, text);
  node.type = "button";
  node.dataset.key = key;
  node.setAttribute("aria-label", label);
  node.addEventListener("click", () => model.send(intent));
  return node;
}

function choice(options, value, label, key, send) {
  const select = element("select", "dicelab-setup-select");
  select.dataset.key = key;
  select.setAttribute("aria-label", label);
  for (const option of options) select.append(new Option(option.label, option.id, false, option.id === value));
  select.addEventListener("change", () => send(select.value));
  return select;
}

function render({ model, el }) {
  const root = element("div", "dicelab-setup");
  el.append(root);

  const drawSeat = (seat, index) => {
    const who = `player ${index + 1}`;
    const row = element("li", "dicelab-seat");
    const name = element("input", "dicelab-seat-name");
    Object.assign(name, { type: "text", value: seat.name, maxLength: 24, spellcheck: false });
    name.dataset.key = `name/${index}`;
    name.setAttribute("aria-label", `Name of ${who}`);
    name.addEventListener("change", () => model.send({ type: "name", seat: index, name: name.value }));
    row.append(element("span", "dicelab-seat-number", `${index + 1}.`), name);
    if (seat.colour) {
      const swatch = element("span", "dicelab-setup-swatch");
      swatch.style.background = seat.swatch;
      const colour = element("span", "dicelab-seat-colour");
      colour.append(swatch, element("span", "", seat.colour));
      row.append(
        button("is-cycle", "◀", `Previous colour for ${who}`, `prev/${index}`, { type: "colour", seat: index, step: -1 }, model),
        colour,
        button("is-cycle", "▶", `Next colour for ${who}`, `next/${index}`, { type: "colour", seat: index, step: 1 }, model),
      );
    }
    row.append(choice(model.get("kinds"), seat.kind, `Who plays for ${who}`, `kind/${index}`,
      (kind) => model.send({ type: "kind", seat: index, kind })));
    return row;
  };

  const draw = () => {
    const focused = root.contains(document.activeElement) ? document.activeElement : null;
    const seats = model.get("seats");
    const count = element("div", "dicelab-setup-count");
    count.append(
      element("span", "dicelab-setup-label", "Players"),
      button("is-minus", "−", "One player fewer", "fewer", { type: "seats", delta: -1 }, model),
      element("output", "dicelab-setup-number", String(seats.length)),
      button("is-plus", "+", "One player more", "more", { type: "seats", delta: 1 }, model),
    );
    const list = element("ol", "dicelab-seats");
    list.append(...seats.map(drawSeat));
    const rules = element("label", "dicelab-setup-rules");
    rules.append(element("span", "dicelab-setup-label", "Rules"),
      choice(model.get("presets"), model.get("preset"), "Rules", "rules",
        (preset) => model.send({ type: "rules", preset })));
    root.replaceChildren(element("div", "dicelab-setup-heading", model.get("heading")), count, list, rules);
    const again = focused && root.querySelector(`[data-key="${focused.dataset.key}"]`);
    if (again && focused.type === "text") {  // keep a name being typed, not yet sent
      again.value = focused.value;
      again.setSelectionRange(focused.selectionStart, focused.selectionEnd);
    }
    if (focused) (again ?? el.closest(".dicelab-game"))?.focus();
  };

  draw();
  model.on("change", draw);
  return () => model.off("change", draw);
}

export default { render };
