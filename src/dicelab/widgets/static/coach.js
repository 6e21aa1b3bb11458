// Coach: the best options with their values, the odds, the verdict on the last move, the report.
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function rows(className, items, draw) {
  const list = element("ol", className);
  list.append(...items.map(draw));
  return list;
}

function render({ model, el }) {
  const root = element("section", "dicelab-coach");
  root.setAttribute("aria-label", "Coach");
  const heading = element("h3", "dicelab-coach-heading", "Coach");
  const body = element("div", "dicelab-coach-body");
  const verdict = element("p", "dicelab-coach-verdict");
  verdict.setAttribute("role", "status");
  verdict.setAttribute("aria-live", "polite");
  const report = element("div", "dicelab-coach-report");
  const help = element("p", "dicelab-coach-help");
  root.append(heading, verdict, body, report, help);
  el.append(root);

  const drawOption = (option) => {
    const item = element("li", option.best ? "is-best" : "");
    item.append(element("span", "dicelab-coach-label", option.label),
                element("span", "dicelab-coach-value", option.value));
    if (option.best) item.prepend(element("strong", "dicelab-coach-tag", "Best"));
    return item;
  };
  const drawOdds = (odds) => {
    const item = element("li");
    item.append(element("span", "dicelab-coach-label", odds.label),
                element("span", "dicelab-coach-value", odds.value));
    return item;
  };
  const drawCostly = (costly) => element("li", "", costly);

  const draw = () => {
    const busy = model.get("busy");
    root.classList.toggle("is-busy", Boolean(busy));
    root.setAttribute("aria-busy", String(Boolean(busy)));
    body.replaceChildren();
    report.replaceChildren();
    verdict.textContent = busy || (model.get("verdict").text ?? "");
    verdict.hidden = !verdict.textContent;
    help.textContent = busy ? "" : model.get("help");
    help.hidden = !help.textContent;
    if (busy) return;
    const options = model.get("options");
    if (model.get("caption")) body.append(element("p", "dicelab-coach-caption", model.get("caption")));
    if (options.length) body.append(rows("dicelab-coach-options", options, drawOption));
    const odds = model.get("odds");
    if (odds.length) {
      body.append(element("p", "dicelab-coach-caption", model.get("odds_caption")),
                  rows("dicelab-coach-odds", odds, drawOdds));
    }
    const summary = model.get("report");
    if (summary.heading) {
      report.append(element("h4", "dicelab-coach-report-heading", summary.heading),
                    ...summary.lines.map((line) => element("p", "", line)));
      if (summary.costliest.length) report.append(rows("dicelab-coach-costliest", summary.costliest, drawCostly));
    }
  };

  draw();
  model.on("change", draw);
  return () => model.off("change", draw);
}

export default { render };
