// A stand-in for anywidget's model, so that the widgets' table and components draw a view
// document that comes over a WebSocket: model.get("view") (and "words", the page's),
// model.on/off("change:view"),
// model.send(intent). The page sets the view (model.show) and says where intents go.
export class SocketModel {
  constructor(sendIntent, words = pageWords()) {
    this.view = {};
    this.words = words;
    this.listeners = new Map();
    this.sendIntent = sendIntent;
  }

  get(name) {
    return name === "view" ? this.view : name === "words" ? this.words : undefined;
  }

  on(event, callback) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event).add(callback);
  }

  off(event, callback) {
    this.listeners.get(event)?.delete(callback);
  }

  send(intent) {
    this.sendIntent(intent);
  }

  // The server has the intent and will answer later (robots getting ready): the table's
  // watch for a lost connection stops waiting for this one.
  received() {
    for (const callback of this.listeners.get("msg:custom") ?? []) callback({ type: "ack" });
  }

  show(view) {
    this.view = view;
    for (const callback of this.listeners.get("change:view") ?? []) callback();
  }
}

// The words of the page's language, which the server put in the page (dicelab.messages).
export function pageWords() {
  const block = document.getElementById("dicelab-words");
  return block ? JSON.parse(block.textContent ?? "{}") : {};
}

// The WebSocket address `path` (relative to this page), with the page's own scheme.
export function socketAddress(path) {
  const url = new URL(path, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

// A socket that opens again after it drops (0.5 s, then longer, up to 5 s), calling
// onOpen, onMessage(message) and onClose(code) each time; stop() ends it for good.
export function keepOpen(address, { onOpen, onMessage, onClose }) {
  let socket = null;
  let wait = 500;
  let stopped = false;
  const open = () => {
    socket = new WebSocket(address);
    socket.addEventListener("open", () => { wait = 500; onOpen(); });
    socket.addEventListener("message", (event) => onMessage(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (stopped) return;
      if (onClose(event.code) === false) return;
      setTimeout(open, wait);
      wait = Math.min(5000, wait * 2);
    });
  };
  open();
  return {
    send: (message) => {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    isOpen: () => Boolean(socket && socket.readyState === WebSocket.OPEN),
    stop: () => { stopped = true; socket?.close(); },
  };
}
