// A Nostr relay on 127.0.0.1 for the remote-play tests (issue 30): @nostr-relay/core (npm, exact
// pin), the relay library behind nostr-relay-nestjs, with `ws` as its WebSocket server. The core
// checks each event's id and Schnorr signature and passes ephemeral events (kinds 20000-29999,
// all that Trystero's Nostr strategy sends) to the subscriptions whose filters match, keeping none.
// It stores nothing else either: a regular event is refused, since no test needs one.
//
// Usage: node tests/e2e/nostr_relay.mjs [PORT]   (0 or none: a free port)
// It prints one JSON line per happening on stdout, for the fixture (tests/e2e/relay.py) to read:
//   {"listening": port}
//   {"open": conn, "origin": "..."}            a WebSocket connected (its Origin header)
//   {"in": conn, "type": "EVENT", "kind": k, "topic": "...", "bytes": n}   a message received
//   {"in": conn, "type": "REQ", "kinds": [...], "topics": [...], "bytes": n}
//   {"out": conn, "type": "EVENT", "bytes": n}  a message sent (likewise OK, EOSE, NOTICE, CLOSED)
//   {"close": conn, "received": n, "sent": n}   bytes of that connection's messages, both ways

import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { NostrRelay } = require("@nostr-relay/core");
const { EventRepository, EventUtils, EventType, LogLevel } = require("@nostr-relay/common");
const { WebSocketServer } = require("ws");

class NoStorage extends EventRepository {
  isSearchSupported() {
    return false;
  }
  upsert() {
    throw new Error("this relay keeps no events; only ephemeral ones (kinds 20000-29999) pass");
  }
  find() {
    return [];
  }
  async destroy() {}
}

const silent = { setLogLevel() {}, debug() {}, info() {}, warn() {}, error: (...args) => console.error(...args) };
const relay = new NostrRelay(new NoStorage(), { logger: silent, logLevel: LogLevel.ERROR });
const report = (line) => process.stdout.write(JSON.stringify(line) + "\n");

const server = new WebSocketServer({ host: "127.0.0.1", port: Number(process.argv[2] ?? 0) });
let connections = 0;

server.on("connection", (socket, request) => {
  const conn = ++connections;
  const totals = { received: 0, sent: 0 };
  report({ open: conn, origin: request.headers.origin ?? null });
  // What the relay sends goes through socket.send: count it on the way.
  const send = socket.send.bind(socket);
  socket.send = (data, ...rest) => {
    const bytes = Buffer.byteLength(data);
    totals.sent += bytes;
    let type = "?";
    try {
      type = JSON.parse(data)[0];
    } catch {}
    report({ out: conn, type, bytes });
    return send(data, ...rest);
  };
  relay.handleConnection(socket, request.socket.remoteAddress);
  socket.on("message", async (data) => {
    const bytes = data.length;
    totals.received += bytes;
    let message;
    try {
      message = JSON.parse(data.toString("utf8"));
      if (!Array.isArray(message)) throw new Error("not an array");
    } catch (error) {
      report({ in: conn, type: "invalid", bytes });
      socket.send(JSON.stringify(["NOTICE", `invalid: ${error.message}`]));
      return;
    }
    const [type, ...rest] = message;
    if (type === "EVENT") {
      const event = rest[0] ?? {};
      const topic = (event.tags ?? []).find((tag) => tag[0] === "x")?.[1] ?? null;
      const ephemeral = EventUtils.getType(event.kind) === EventType.EPHEMERAL;
      report({ in: conn, type, kind: event.kind, ephemeral, topic, bytes });
    } else if (type === "REQ") {
      const filters = rest.slice(1);
      report({ in: conn, type, kinds: filters.flatMap((f) => f.kinds ?? []), topics: filters.flatMap((f) => f["#x"] ?? []), bytes });
    } else {
      report({ in: conn, type, bytes });
    }
    try {
      await relay.handleMessage(socket, message);
    } catch (error) {
      socket.send(JSON.stringify(["NOTICE", `error: ${error.message}`]));
    }
  });
  socket.on("close", () => {
    relay.handleDisconnect(socket);
    report({ close: conn, ...totals });
  });
});

server.on("listening", () => report({ listening: server.address().port }));
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    for (const client of server.clients) client.terminate();
    server.close(() => process.exit(0));
  });
}
