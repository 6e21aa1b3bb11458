// Scorecard: a table of boxes and totals; sends {type: "select", column, row} for a box.
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render({ model, el }) {
  const table = element("table", "dicelab-scorecard");
  el.append(table);

  const drawCell = (cell, column, row) => {
    const td = element("td", cell.chosen ? "is-chosen" : "");
    if (!cell.button) {
      td.textContent = cell.text;
      if (cell.label) td.setAttribute("aria-label", cell.label);
      return td;
    }
    const button = element("button", "dicelab-box", cell.text);
    button.type = "button";
    button.dataset.key = `${row.key}/${column}`;
    button.setAttribute("aria-label", cell.label);
    button.setAttribute("aria-disabled", String(!cell.enabled));
    button.setAttribute("aria-pressed", String(Boolean(cell.chosen)));
    button.addEventListener("click", () => model.send({ type: "select", column, row: row.key }));
    td.append(button);
    return td;
  };

  const draw = () => {
    const focused = table.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    const caption = element("caption", "", model.get("caption"));
    const head = element("tr");
    head.append(element("th", "dicelab-corner", ""));
    for (const column of model.get("columns")) {
      const th = element("th", column.current ? "is-current" : "");
      th.scope = "col";
      th.style.setProperty("--dicelab-player", column.colour);
      th.style.setProperty("--dicelab-ink", column.ink);
      th.append(element("span", "dicelab-player", column.name));
      if (column.current) th.append(element("span", "dicelab-to-play", "to play"));
      head.append(th);
    }
    const body = element("tbody");
    for (const row of model.get("rows")) {
      const tr = element("tr", row.total ? "is-total" : "");
      const th = element("th", "", row.label);
      th.scope = "row";
      tr.append(th, ...row.cells.map((cell, column) => drawCell(cell, column, row)));
      body.append(tr);
    }
    const thead = element("thead");
    thead.append(head);
    table.replaceChildren(caption, thead, body);
    if (focused) (table.querySelector(`[data-key="${focused}"]`) ?? el.closest(".dicelab-game"))?.focus();
  };

  draw();
  model.on("change", draw);
  return () => model.off("change", draw);
}

export default { render };
