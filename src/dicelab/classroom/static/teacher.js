// The teacher's page: the class board, drawn by the widgets' table and the class_board
// component, over the teacher's WebSocket (its address carries the token).
import table from "./table.js";
import { SocketModel, keepOpen, socketAddress } from "./model.js";

const token = window.location.pathname.split("/").filter(Boolean).pop();
const status = document.getElementById("status");
const csv = document.getElementById("csv");
csv.href = `${token}/results.csv`;
let told = "";

const model = new SocketModel((intent) => socket.send({ type: "intent", intent }));
table.render({ model, el: document.getElementById("stage") });

const socket = keepOpen(socketAddress(`${token}/ws`), {
  onOpen: () => { status.textContent = ""; told = ""; },
  onMessage: (message) => {
    if (message.type !== "view") return;
    const board = message.view.parts.board;
    // Tell the server the students' address as this browser reaches it (behind a proxy too).
    const here = new URL(`../join/${board.code}`, window.location.href).href;
    if (here !== board.join_url && here !== told) {
      told = here;
      socket.send({ type: "hello", join_url: here });
    }
    model.show(message.view);
  },
  onClose: (code) => {
    status.textContent = code === 4403 ? "This is not the teacher's address." : "Connection lost: reconnecting…";
    return code !== 4403;
  },
});
