// The student's page: join with a nickname, then draw the activity with the widgets' own
// table and components. The seat (id and secret) is kept in localStorage, so a reload, a
// second tab or a dropped connection comes back to the same seat. Each tab names itself
// (kept in sessionStorage, so a reload keeps the name) and numbers its own intents: two tabs
// on one seat never take each other's numbers. Every intent is kept until the server
// acknowledges it (after storing its result); unacknowledged intents are sent again on
// reconnecting, and the server does each tab's number once.
import table from "./table.js";
import { sayer } from "./helpers.js";
import { SocketModel, keepOpen, pageWords, socketAddress } from "./model.js";

const words = pageWords();
const text = sayer({ get: () => words });  // the page's own words (its language's)

const code = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop());
const storageKey = `dicelab-class-${code}`;
const byId = (id) => document.getElementById(id);
const joinForm = byId("join");
const nameInput = byId("name");
const status = byId("status");
const who = byId("who");
const stage = byId("stage");
const progress = byId("progress");

const load = () => {
  try {
    return JSON.parse(window.localStorage.getItem(storageKey)) ?? null;
  } catch {
    return null;
  }
};
let seat = load();  // {student, secret, name}
const tabKey = `dicelab-tab-${code}`;
const newTab = () => {
  const letters = new Uint8Array(12);
  window.crypto.getRandomValues(letters);
  return { id: [...letters].map((n) => (n % 36).toString(36)).join(""), seq: 0, pending: [] };
};
let tab = (() => {
  try {
    return JSON.parse(window.sessionStorage.getItem(tabKey)) ?? null;
  } catch {
    return null;
  }
})();  // {id, seq, pending: [{run, seq, intent}]}: this tab's own numbering
const save = () => {
  if (seat) window.localStorage.setItem(storageKey, JSON.stringify(seat));
  window.sessionStorage.setItem(tabKey, JSON.stringify(tab));
};

// The open tabs of this class answer to their names. A tab the browser duplicated has a copy
// of the other's sessionStorage, name and waiting intents included: when a tab answers to the
// name this one found, this one takes a new name (the waiting intents are the other's to send).
const tabs = "BroadcastChannel" in window ? new BroadcastChannel(`dicelab-tabs-${code}`) : null;
const ANSWER_MS = 150;
async function ours(found) {
  if (!found || !tabs) return Boolean(found);
  const answered = new Promise((resolve) => {
    const listen = ({ data }) => { if (data.here === found.id) resolve(true); };
    tabs.addEventListener("message", listen);
    setTimeout(() => { tabs.removeEventListener("message", listen); resolve(false); }, ANSWER_MS);
  });
  tabs.postMessage({ who: found.id });
  return !(await answered);
}
tab = (await ours(tab)) ? tab : newTab();
tabs?.addEventListener("message", ({ data }) => { if (data.who === tab.id) tabs.postMessage({ here: tab.id }); });
save();
let run = null;
let welcomed = false;
let waiting = false;  // the server said it keeps a move until its robots are ready
let goodbye = "";  // why this page's seat was closed, said until the student joins again
let told = "";  // that the name asked for was taken, said once joined

const say = (text) => { status.textContent = text; };

// The student's count toward the activity's limit ("12 of 30 throws"); once reached, a press
// changes nothing and the page says so.
function showProgress(count, limited) {
  progress.hidden = !count;
  if (!count) return;
  progress.textContent = text(`progress_${count.unit}`, count);
  progress.dataset.done = String(count.done);
  if (count.done >= count.of && limited) {
    say(text(`limit_reached_${count.unit}`, count));
  }
}

const model = new SocketModel((intent) => {
  if (!seat || run === null) return;
  tab.seq += 1;
  const item = { run, seq: tab.seq, intent };
  tab.pending.push(item);
  save();
  document.body.dataset.pending = String(tab.pending.length);
  if (welcomed) socket.send({ type: "intent", ...item });
});
table.render({ model, el: stage });

function showJoin(reason) {
  joinForm.hidden = false;
  who.textContent = "";
  if (reason) say(reason);
  nameInput.focus();
}

function onMessage(message) {
  if (message.type === "joined") {
    seat = { student: message.student, secret: message.secret, name: message.name };
    save();
    if (message.taken) told = text("page_taken", { taken: message.taken, name: message.name });
  } else if (message.type === "welcome") {
    welcomed = true;
    goodbye = "";
    stage.hidden = false;
    joinForm.hidden = true;
    who.textContent = text("page_you_are", { name: message.name });
    say(told || text("page_connected"));
    told = "";
    for (const item of tab.pending) socket.send({ type: "intent", ...item });
  } else if (message.type === "view" || message.type === "ack") {
    if (message.type === "ack") {
      tab.pending = tab.pending.filter((item) => item.seq !== message.ack);
    }
    if (waiting && !tab.pending.length) {
      waiting = false;
      say(text("page_connected"));
    }
    if (message.run !== run) tab.pending = tab.pending.filter((item) => item.run === message.run);
    if (message.name && seat) {  // the teacher may rename a student
      seat.name = message.name;
      who.textContent = text("page_you_are", { name: message.name });
    }
    run = message.run;
    tab.seq = Math.max(tab.seq, message.seq);
    save();
    document.body.dataset.pending = String(tab.pending.length);
    document.body.dataset.run = String(run);  // which activity the page shows (tests wait on it)
    showProgress(message.progress ?? null, Boolean(message.limited));
    model.show(message.view);
  } else if (message.type === "reload") {
    window.location.reload();  // this page kept sending what the class refuses
  } else if (message.type === "wait") {
    model.received();
    waiting = true;
    say(message.reason[0].toUpperCase() + message.reason.slice(1) + ".");
  } else if (message.type === "refused") {
    if (!welcomed) {
      if (seat && !tab.pending.length && /seat|ended/.test(message.reason)) {
        seat = null;
        window.localStorage.removeItem(storageKey);
      }
      showJoin(message.reason[0].toUpperCase() + message.reason.slice(1) + ".");
    } else {
      say(message.reason[0].toUpperCase() + message.reason.slice(1) + ".");
    }
  }
}

const socket = keepOpen(socketAddress(`../ws?tab=${tab.id}`), {
  onOpen: () => {
    welcomed = false;
    if (seat) socket.send({ type: "hello", student: seat.student, secret: seat.secret });
    else showJoin(goodbye || text("page_type_nickname"));
  },
  onMessage,
  onClose: (closeCode) => {
    welcomed = false;
    document.body.dataset.online = "false";
    if (closeCode === 4401 || closeCode === 4402) {
      seat = null;
      window.localStorage.removeItem(storageKey);
      tab = newTab();
      save();
      run = null;
      stage.hidden = true;
      goodbye = text(closeCode === 4401 ? "page_ended" : "page_removed");
      showJoin(goodbye);
      return closeCode === 4402;  // a student taken off the roster may join again at once
    }
    say(text("page_reconnecting"));
    return true;
  },
});

joinForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const name = nameInput.value.trim();
  if (!name) return say(text("page_nickname_first"));
  if (!socket.isOpen()) return say(text("page_not_connected"));
  // the seat speaks the page's language (the server chose it from the browser's)
  socket.send({ type: "join", code, name, lang: document.documentElement.lang });
});
