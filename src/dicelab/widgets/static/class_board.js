// @ts-check
// Class board: the teacher's view of a class, or the projector's (without `controls`). Join
// address, code and QR code; the activity picker with Start, Stop, Reveal and End class, and
// the projector page's address, and Rename, Merge and Remove beside each name (the teacher's only);
// the pooled share (each student a dot with the bar of their own trials, the
// class's share with its band of two standard errors, the exact value once revealed); the
// roster; the latest games. Every name is drawn as text (textContent), never as markup.
import { component, element, button } from "./helpers.js";

/** What this component draws: the fields of dicelab.classroom.board.ClassBoard (a test checks them).
 * @typedef {object} ClassBoardPart
 * @property {string} component
 * @property {string} join_url
 * @property {string} projector_url
 * @property {boolean} controls
 * @property {string} code
 * @property {any[]} qr
 * @property {any[]} activities
 * @property {object | null} current
 * @property {any[]} roster
 * @property {object | null} pool
 * @property {object | null} exact
 * @property {boolean} revealed
 * @property {any[]} games
 * @property {string} notice
 * @property {string} trouble
 */

// The SVG namespace, read from the browser's own parser the first time (no address written here).
let svgNamespace = "";
function svg(tag, attributes = {}) {
  if (!svgNamespace) {
    const holder = document.createElement("div");
    holder.innerHTML = "<svg></svg>";
    svgNamespace = holder.firstElementChild?.namespaceURI ?? "";
  }
  const node = document.createElementNS(svgNamespace, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

function qrCode(rows, label) {
  const size = rows.length + 8;  // a quiet zone of four modules
  const picture = svg("svg", { viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": label,
                               class: "dicelab-qr", "shape-rendering": "crispEdges" });
  picture.append(svg("rect", { width: size, height: size, fill: "#fff" }));
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x += 1) {
      if (row[x] === "1") picture.append(svg("rect", { x: x + 4, y: y + 4, width: 1, height: 1, fill: "#000" }));
    }
  });
  return picture;
}

/** A share as a percentage with one decimal: 0.0309 -> "3.1 %".
 * @param {number} share */
export const percent = (share) => `${(100 * share).toFixed(1)} %`;

/** Where the pool chart's line ends, `top`: the highest dot, band end or exact value with a
 * fifth to spare, rounded up to a tenth (from 0.1 to 1); and the band of two standard
 * errors, `low` to `high` within 0..1 (null before any result).
 * @param {{share: number | null, se: number | null, students: {share: number | null}[]}} pool
 * @param {{value: number} | null | undefined} exact */
export function poolScale(pool, exact) {
  const shares = pool.students.filter((s) => s.share !== null).map((s) => Number(s.share));
  const share = pool.share ?? 0, se = pool.se ?? 0;
  const highest = Math.max(0.05, ...shares, share, exact?.value ?? 0, share + 2 * se);
  const top = Math.min(1, Math.ceil(highest * 12) / 10);
  const band = pool.share === null ? null : { low: Math.max(0, share - 2 * se), high: Math.min(1, share + 2 * se) };
  return { top, band };
}

// The pooled share on a line from 0 to a top that fits every dot: dots, band, pooled, exact.
function poolChart(pool, exact, say) {
  const width = 600, height = 150, left = 30, right = 20, axis = 120;
  const { top, band } = poolScale(pool, exact);
  const x = (share) => left + (width - left - right) * Math.min(share, top) / top;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "dicelab-pool-chart", role: "img" });
  const words = [say("board_pooled_share", { share: pool.share === null ? say("board_not_known") : percent(pool.share) })];
  if (band) {
    const { low, high } = band;
    chart.append(svg("rect", { x: x(low), y: 8, width: Math.max(1, x(high) - x(low)), height: axis - 8,
                               class: "dicelab-pool-band" }));
    chart.append(svg("line", { x1: x(pool.share), x2: x(pool.share), y1: 4, y2: axis, class: "dicelab-pool-line" }));
    words.push(say("board_band", { low: percent(low), high: percent(high) }));
  }
  pool.students.forEach((student, index) => {
    if (student.share === null) return;
    const y = 16 + ((index * 37) % 96);
    const se = student.se ?? 0;  // the student's own bar: their share ± 2 SE of their trials
    chart.append(svg("line", { x1: x(Math.max(0, student.share - 2 * se)), x2: x(Math.min(1, student.share + 2 * se)),
                               y1: y, y2: y, class: "dicelab-pool-bar" }));
    const dot = svg("circle", { cx: x(student.share), cy: y, r: 5, class: "dicelab-pool-dot" });
    const title = svg("title");
    title.textContent = say("board_student_tally", { name: student.name, successes: student.successes, trials: student.trials, spread: percent(2 * se) });
    dot.append(title);
    chart.append(dot);
  });
  if (exact && !exact.hidden) {
    chart.append(svg("line", { x1: x(exact.value), x2: x(exact.value), y1: 4, y2: axis, class: "dicelab-pool-exact" }));
    words.push(say("board_exact_is", { exact: exact.text }));
  }
  chart.append(svg("line", { x1: left, x2: width - right, y1: axis, y2: axis, class: "dicelab-pool-axis" }));
  for (let tick = 0; tick <= 4; tick += 1) {
    const share = (top * tick) / 4;
    const text = svg("text", { x: x(share), y: axis + 20, "text-anchor": "middle", class: "dicelab-pool-tick" });
    text.textContent = percent(share).replace(".0 %", " %");
    chart.append(text);
  }
  chart.setAttribute("aria-label", words.join(", "));
  return chart;
}

component("class_board", (slot, { send, say }) => {
  const root = element("div", "dicelab-board");
  const join = element("section", "dicelab-board-join");
  const run = element("section", "dicelab-board-run");
  const people = element("section", "dicelab-board-roster");
  root.append(join, run, people);
  slot.append(root);
  let ending = false;
  let chosen = null;  // the activity picked in the menu (kept across redraws)
  let robot = null;

  const drawJoin = (part) => {
    const address = element("a", "dicelab-board-address", part.join_url);
    address.href = part.join_url;
    address.target = "_blank";
    address.rel = "noopener";
    const code = element("p", "dicelab-board-code");
    code.append(element("span", "", `${say("board_class_code")} `), element("b", "", part.code));
    join.replaceChildren(element("h3", "", say("board_join")), qrCode(part.qr, say("board_qr", { url: part.join_url })),
                         address, code);
    if (part.controls && part.projector_url) {
      const projector = element("a", "dicelab-board-projector", say("board_projector"));
      projector.href = part.projector_url;
      projector.target = "_blank";
      projector.rel = "noopener";
      join.append(projector);
    }
  };

  const drawPicker = (part) => {
    const form = element("div", "dicelab-board-picker");
    const menu = element("select");
    menu.setAttribute("aria-label", say("board_activity"));
    menu.dataset.key = "activity";
    for (const activity of part.activities) {
      const option = element("option", "", activity.title);
      option.value = activity.name;
      menu.append(option);
    }
    chosen = chosen ?? part.current?.name ?? part.activities[0]?.name;
    menu.value = chosen;
    const robots = element("select");
    robots.setAttribute("aria-label", say("board_robot"));
    robots.dataset.key = "robot";
    const fillRobots = () => {
      const spec = part.activities.find((a) => a.name === menu.value);
      robots.replaceChildren(...(spec?.robots ?? []).map((name) => {
        const option = element("option", "", say("board_against", { name }));
        option.value = name;
        return option;
      }));
      robots.hidden = !robots.options.length;
      if (robot && [...robots.options].some((o) => o.value === robot)) robots.value = robot;
    };
    menu.addEventListener("change", () => { chosen = menu.value; fillRobots(); });
    robots.addEventListener("change", () => { robot = robots.value; });
    fillRobots();
    const starting = say(part.current ? "board_start_anew" : "board_start");
    const start = button("dicelab-button", starting, say("board_start_aria", { start: starting }), "start",
      () => send({ type: "start", activity: menu.value, robot: robots.hidden ? "" : robots.value }));
    const buttons = [start];
    if (part.current) {
      buttons.push(button("dicelab-button", say("board_stop"), say("board_stop_aria"), "stop", () => send({ type: "stop" })));
      if (part.exact?.hidden) {
        buttons.push(button("dicelab-button", say("board_reveal"), say("board_reveal_aria"), "reveal", () => send({ type: "reveal" })));
      }
    }
    const end = button("dicelab-button is-end", say(ending ? "board_end_again" : "board_end"),
      say(ending ? "board_end_again_aria" : "board_end_aria"),
      "end", () => {
        if (ending) send({ type: "end" });
        ending = !ending;
        end.textContent = say(ending ? "board_end_again" : "board_end");
      });
    buttons.push(end);
    form.append(menu, robots, ...buttons);
    return form;
  };

  const drawRun = (part) => {
    const heading = element("h3", "", part.current ? part.current.title : say("board_no_activity"));
    const children = part.controls ? [heading, drawPicker(part)] : [heading];
    if (part.notice) children.push(element("p", "dicelab-notice", part.notice));
    if (part.trouble) {
      const trouble = element("p", "dicelab-notice dicelab-board-trouble", part.trouble);
      trouble.setAttribute("role", "alert");
      children.push(trouble);
    }
    if (part.current && part.pool) {
      const pool = part.pool;
      children.push(element("p", "dicelab-board-task", say("board_task", { task: part.current.task, pooled: part.current.pooled })));
      const sentence = pool.trials
        ? say("board_class_result", { successes: pool.successes, trials: pool.trials, share: percent(pool.share),
                                      error: percent(2 * pool.se), students: pool.students.length })
        : say("board_no_results");
      const line = element("p", "dicelab-board-pooled", sentence);
      line.setAttribute("aria-live", "polite");
      line.dataset.trials = String(pool.trials);
      line.dataset.successes = String(pool.successes);
      children.push(line);
      children.push(poolChart(pool, part.exact, say));
      if (part.exact) {
        const hidden = say(part.controls ? "board_hidden_teacher" : "board_hidden_student");
        children.push(element("p", "dicelab-board-exact", part.exact.hidden
          ? hidden
          : say("board_exact", { exact: part.exact.text, value: percent(part.exact.value) })));
      }
    }
    if (part.games.length) {
      const table = element("table", "dicelab-board-games");
      const head = element("tr");
      const columns = ["student", "score", "robot", "optimal"].filter((c, i) =>
        i < 2 || part.games.some((g) => (i === 2 ? g.robot_score : g.optimal_score) !== undefined));
      for (const c of columns) head.append(element("th", "", say(`board_column_${c}`)));
      table.append(element("caption", "", say("board_latest_games")), head);
      for (const game of part.games) {
        const row = element("tr");
        const cells = [game.name, game.score, game.robot_score, game.optimal_score].slice(0, 2);
        if (columns.includes("robot")) cells.push(game.robot_score ?? "");
        if (columns.includes("optimal")) cells.push(game.optimal_score === undefined ? "" : Number(game.optimal_score).toFixed(0));
        for (const c of cells) row.append(element("td", "", String(c)));
        table.append(row);
      }
      children.push(table);
    }
    run.replaceChildren(...children);
  };

  let removing = null;  // the student whose Remove was pressed once
  let managing = false;  // whether the roster shows Rename, Merge and Remove

  // The teacher's buttons beside a name: Rename (asks for the new name) and Remove (pressed twice).
  const manage = (student) => {
    const who = { name: student.name };
    const rename = button("dicelab-button dicelab-board-manage", say("board_rename"), say("board_rename_aria", who),
      `rename/${student.student}`, () => {
        const name = window.prompt(say("board_new_name", who), student.name);
        if (name && name.trim() && name.trim() !== student.name) send({ type: "rename", student: student.student, name });
      });
    const again = removing === student.student;
    const remove = button("dicelab-button dicelab-board-manage", say(again ? "board_remove_again" : "board_remove"),
      say(again ? "board_remove_again_aria" : "board_remove_aria", who),
      `remove/${student.student}`, () => {
        if (again) send({ type: "remove", student: student.student });
        removing = again ? null : student.student;
        remove.textContent = say(removing === null ? "board_remove" : "board_remove_again");
      });
    const merge = button("dicelab-button dicelab-board-manage", say("board_merge"), say("board_merge_aria", who),
      `merge/${student.student}`, () => {
        const into = window.prompt(say("board_merge_into", who));
        if (into && into.trim()) send({ type: "merge", student: student.student, into: into.trim() });
      });
    const tools = element("span", "dicelab-board-tools");
    tools.append(rename, merge, remove);
    return tools;
  };

  const drawRoster = (part) => {
    const online = part.roster.filter((s) => s.online).length;
    const list = element("ul", "dicelab-board-names");
    for (const student of part.roster) {
      const item = element("li", student.online ? "is-online" : "is-away");
      item.dataset.student = String(student.student);
      item.append(element("span", "dicelab-board-name", student.name),
                  element("span", "dicelab-board-count", `${student.successes}/${student.trials}`),
                  element("span", "dicelab-board-away", student.online ? "" : say("board_away")));
      if (part.controls && managing) item.append(manage(student));
      list.append(item);
    }
    const heading = element("h3", "", say("board_students", { students: part.roster.length, online }));
    if (!part.controls || !part.roster.length) return people.replaceChildren(heading, list);
    const toggle = button("dicelab-button dicelab-board-manage", say(managing ? "board_done" : "board_manage"),
      say(managing ? "board_done_aria" : "board_manage_aria"),
      "manage", () => {
        managing = !managing;
        removing = null;
        drawRoster(part);
      });
    toggle.setAttribute("aria-pressed", String(managing));
    people.replaceChildren(heading, toggle, list);
  };

  return (/** @type {ClassBoardPart} */ part) => {
    drawJoin(part);
    drawRun(part);
    drawRoster(part);
  };
});
