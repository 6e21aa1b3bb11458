// The board pages (one page, board.html), drawn by the widgets' table and the class_board
// component over a WebSocket: the projector's (read-only, anyone may look) and the teacher's,
// with the downloads of the results. The teacher's
// address carries the token in its fragment, which no request sends: the page hands it to
// the server once, which keeps it in a cookie that scripts can't read, and takes it out of
// the address bar at once, so that a projected page never shows it.
import table from "./table.js";
import { sayer } from "./helpers.js";
import { SocketModel, keepOpen, pageWords, socketAddress } from "./model.js";

const words = pageWords();
const text = sayer({ get: () => words });  // the page's own words (its language's)

const page = window.location.pathname.replace(/\/+$/, "");  // .../teacher or .../projector
const status = document.getElementById("status");
if (page.endsWith("/teacher")) {
  document.body.classList.add("is-teacher");
  document.title = text("page_teacher");
  document.querySelector("h1").textContent = text("page_teacher");
  document.getElementById("downloads").hidden = false;
} else {
  document.body.classList.add("is-projector");
}
let told = "";
let socket = null;

// Hand the key to the server, which keeps it in a cookie: "" once taken, else why not.
async function handOver(key) {
  window.history.replaceState(null, "", page + window.location.search);
  const answer = await fetch(`${page}/key`, { method: "POST", body: key, credentials: "same-origin" })
    .catch(() => null);
  if (answer === null) return text("page_no_answer");
  return answer.ok ? "" : text("page_wrong_key");
}

const key = window.location.hash.slice(1);
const refusal = key ? await handOver(key) : "";
if (refusal) status.textContent = refusal;
else show();

function show() {
  // Only the board's and the tournament's intents go to the server (the table's "shown"
  // notes are for a kernel).
  const model = new SocketModel((intent) => {
    if (intent.part === "board" || intent.part === "leaderboard") socket?.send({ type: "intent", intent });
  });
  table.render({ model, el: document.getElementById("stage") });
  socket = keepOpen(socketAddress(`${page}/ws`), {
    onOpen: () => { status.textContent = ""; told = ""; },
    onMessage: (message) => {
      if (message.type !== "view") return;
      const board = message.view.parts.board;
      // Tell the server the students' address as this browser reaches it (behind a proxy too).
      const here = new URL(`join/${board.code}`, new URL(page, window.location.href)).href;
      if (here !== board.join_url && here !== told) {
        told = here;
        socket.send({ type: "hello", join_url: here });
      }
      model.show(message.view);
    },
    onClose: (code) => {
      if (code === 4403) {
        status.textContent = text("page_no_key");
        return false;
      }
      status.textContent = text("page_reconnecting");
      return true;
    },
  });
}
