// Ranking: the final places, with each player's colour beside the name.
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render({ model, el }) {
  const root = element("section", "dicelab-ranking");
  el.append(root);

  const draw = () => {
    const list = element("ol", "dicelab-ranking-list");
    for (const row of model.get("rows")) {
      const item = element("li", row.winner ? "is-winner" : "");
      const swatch = element("span", "dicelab-ranking-swatch");
      swatch.style.background = row.colour;
      item.append(
        element("span", "dicelab-ranking-place", row.place),
        swatch,
        element("span", "dicelab-ranking-name", row.name),
        element("span", "dicelab-ranking-score", String(row.score)),
      );
      list.append(item);
    }
    root.replaceChildren(element("h3", "dicelab-ranking-heading", model.get("heading")), list);
  };

  draw();
  model.on("change", draw);
  return () => model.off("change", draw);
}

export default { render };
