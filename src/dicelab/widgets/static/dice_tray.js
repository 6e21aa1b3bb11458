// Dice tray: draws the dice it is given and sends {type: "toggle", die} when one is clicked.
const SPOTS = { tl: [28, 28], tr: [72, 28], ml: [28, 50], c: [50, 50], mr: [72, 50], bl: [28, 72], br: [72, 72] };
const PIPS = {
  1: ["c"], 2: ["tr", "bl"], 3: ["tr", "c", "bl"], 4: ["tl", "tr", "bl", "br"],
  5: ["tl", "tr", "c", "bl", "br"], 6: ["tl", "tr", "ml", "mr", "bl", "br"],
};
const LOCK = `<svg viewBox="0 0 16 16" aria-hidden="true" class="dicelab-lock">
  <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" stroke-width="1.8"/>
  <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor"/></svg>`;

function dieFace(face) {
  const pips = (PIPS[face] ?? []).map((spot) => {
    const [cx, cy] = SPOTS[spot];
    return `<circle cx="${cx}" cy="${cy}" r="9" class="dicelab-pip"/>`;
  });
  const holder = document.createElement("span");
  holder.innerHTML = `<svg viewBox="0 0 100 100" aria-hidden="true" class="dicelab-die-face">
    <rect x="4" y="4" width="92" height="92" rx="18" class="dicelab-die-body"/>${pips.join("")}</svg>`;
  return holder.firstElementChild;
}

function render({ model, el }) {
  const tray = document.createElement("div");
  tray.className = "dicelab-tray";
  tray.setAttribute("role", "group");
  el.append(tray);
  let shownThrow = model.get("throw");

  const drawDie = (die, index, tumble) => {
    const slot = document.createElement("div");
    slot.className = "dicelab-die-slot";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "dicelab-die";
    button.dataset.key = `die-${index}`;
    button.setAttribute("aria-label", die.label);
    button.setAttribute("aria-pressed", String(Boolean(die.held)));
    button.setAttribute("aria-disabled", String(!die.selectable));
    if (die.key) button.setAttribute("aria-keyshortcuts", die.key);
    button.classList.toggle("is-held", Boolean(die.held));
    button.classList.toggle("is-kept", Boolean(die.kept));
    button.classList.toggle("is-blank", !die.face);
    button.classList.toggle("is-rolling", tumble && Boolean(die.rolled));
    button.append(dieFace(die.face));
    button.addEventListener("click", () => model.send({ type: "toggle", die: index }));
    const tag = document.createElement("div");
    tag.className = "dicelab-die-tag";
    if (die.tag) tag.textContent = die.tag;
    else if (die.held) tag.innerHTML = `${LOCK}<span>Held</span>`;
    else if (die.kept) tag.textContent = "Kept";
    slot.append(button, tag);
    return slot;
  };

  const draw = () => {
    const focused = tray.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    const tumble = model.get("throw") !== shownThrow;
    shownThrow = model.get("throw");
    tray.setAttribute("aria-label", model.get("label"));
    tray.replaceChildren(...model.get("dice").map((die, index) => drawDie(die, index, tumble)));
    if (focused) (tray.querySelector(`[data-key="${focused}"]`) ?? el.closest(".dicelab-game"))?.focus();
  };

  draw();
  model.on("change", draw);
  return () => model.off("change", draw);
}

export default { render };
