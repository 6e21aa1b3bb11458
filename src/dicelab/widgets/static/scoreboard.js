// Scoreboard: one card per player with labelled numbers; the player to move is framed.
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render({ model, el }) {
  const root = element("section", "dicelab-scoreboard");
  el.append(root);

  const drawPlayer = (player) => {
    const card = element("li", player.current ? "dicelab-board-player is-current" : "dicelab-board-player");
    if (player.current) card.setAttribute("aria-current", "true");
    const head = element("div", "dicelab-board-name");
    const swatch = element("span", "dicelab-board-swatch");
    swatch.style.background = player.colour;
    head.append(swatch, element("span", "", player.name));
    const note = [player.current ? "to play" : "", player.note].filter(Boolean).join(", ");
    const numbers = element("div", "dicelab-board-numbers");
    for (const number of player.numbers) {
      const row = element("div", "dicelab-board-number");
      row.append(element("span", "dicelab-board-label", number.label),
                 element("span", "dicelab-board-value", String(number.value)));
      numbers.append(row);
    }
    card.append(head, element("div", "dicelab-board-note", note), numbers);
    return card;
  };

  const draw = () => {
    const list = element("ul", "dicelab-board-list");
    list.setAttribute("aria-label", model.get("caption") || "Scores");
    list.append(...model.get("players").map(drawPlayer));
    const caption = element("div", "dicelab-board-caption", model.get("caption"));
    caption.hidden = !model.get("caption");
    root.replaceChildren(caption, list);
  };

  draw();
  model.on("change", draw);
  return () => model.off("change", draw);
}

export default { render };
