// Shaker: a dice cup button that sends {type: "shake"}; it shakes when a new throw is drawn.
const CUP = `<svg viewBox="0 0 100 110" aria-hidden="true" class="dicelab-cup">
  <path class="dicelab-cup-body" d="M14 14 H86 L76 100 Q75 106 69 106 H31 Q25 106 24 100 Z"/>
  <rect class="dicelab-cup-rim" x="8" y="6" width="84" height="14" rx="6"/>
  <path class="dicelab-cup-band" d="M20 62 H80" /></svg>`;

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "dicelab-shaker";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "dicelab-shaker-button";
  button.innerHTML = CUP;
  const count = document.createElement("span");
  count.className = "dicelab-shaker-count";
  button.append(count);
  const caption = document.createElement("span");
  caption.className = "dicelab-shaker-caption";
  root.append(button, caption);
  el.append(root);
  button.addEventListener("click", () => model.send({ type: "shake" }));
  let shownThrow = model.get("throw");

  const draw = () => {
    const dice = model.get("dice");
    count.textContent = `${dice} ${dice === 1 ? "die" : "dice"}`;
    caption.textContent = model.get("caption");
    button.setAttribute("aria-label", model.get("label"));
    button.setAttribute("aria-disabled", String(!model.get("enabled")));
    button.title = model.get("enabled") ? "" : model.get("reason");
    if (model.get("key")) button.setAttribute("aria-keyshortcuts", model.get("key"));
    if (model.get("throw") !== shownThrow) {
      shownThrow = model.get("throw");
      button.classList.remove("is-shaking");
      void button.offsetWidth; // restart the animation
      button.classList.add("is-shaking");
    }
  };

  draw();
  model.on("change", draw);
  return () => model.off("change", draw);
}

export default { render };
