// Cask scales: per player, the casks (hatched red), the banked score (yellow) and where a save
// would land (striped blue), on a 0-to-target scale. Everything drawn comes from the model.
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function span(className, from, to, target) {
  const node = element("div", className);
  node.style.left = `${(100 * from) / target}%`;
  node.style.width = `${(100 * Math.max(0, to - from)) / target}%`;
  return node;
}

function legend() {
  const list = element("ul", "dicelab-scales-legend");
  list.setAttribute("aria-hidden", "true");
  for (const [className, text] of [
    ["is-cask", "cask: no saving until you leave it"],
    ["is-banked", "banked"],
    ["is-standing", "if you save now"],
  ]) {
    const item = element("li");
    item.append(element("span", `dicelab-scales-key ${className}`), text);
    list.append(item);
  }
  return list;
}

function render({ model, el }) {
  const root = element("section", "dicelab-scales");
  el.append(root);

  const drawRow = (row, target, casks) => {
    const line = element("div", "dicelab-scale-row");
    line.classList.toggle("is-current", Boolean(row.current));
    line.dataset.player = row.name;
    line.dataset.banked = String(row.banked);
    line.dataset.standing = String(row.standing);
    const name = element("div", "dicelab-scale-name");
    name.append(element("span", "", row.current ? `▶ ${row.name}` : row.name),
      element("strong", "dicelab-scale-banked", String(row.banked)));
    const track = element("div", "dicelab-scale-track");
    track.setAttribute("role", "img");
    track.setAttribute("aria-label", row.label);
    for (const cask of casks) {
      const zone = span("dicelab-scale-cask", cask.low, cask.high, target);
      zone.append(element("span", "", cask.label));
      track.append(zone);
    }
    track.append(span("dicelab-scale-bar is-banked", 0, row.banked, target));
    if (row.standing > row.banked) {
      const standing = span("dicelab-scale-bar is-standing", row.banked, row.standing, target);
      const mark = element("span", "dicelab-scale-mark", `→ ${row.standing}`);
      mark.style.left = `${(100 * row.standing) / target}%`;
      track.append(standing, mark);
    }
    line.append(name, track);
    return line;
  };

  const axis = (ticks, target) => {
    const line = element("div", "dicelab-scale-row dicelab-scale-axis");
    line.setAttribute("aria-hidden", "true");
    const numbers = element("div", "dicelab-scale-ticks");
    for (const tick of ticks) {
      const number = element("span", "", String(tick));
      number.style.left = `${(100 * tick) / target}%`;
      numbers.append(number);
    }
    line.append(element("div"), numbers);
    return line;
  };

  const draw = () => {
    const target = model.get("target");
    const casks = model.get("casks");
    root.setAttribute("aria-label", `Scales from 0 to ${target}`);
    root.replaceChildren(
      element("p", "dicelab-scales-caption", model.get("caption")),
      legend(),
      ...model.get("rows").map((row) => drawRow(row, target, casks)),
      axis(model.get("ticks"), target),
    );
  };

  draw();
  model.on("change", draw);
  return () => model.off("change", draw);
}

export default { render };
