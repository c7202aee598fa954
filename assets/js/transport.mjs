// Remote play's transport (issue 30): a room of pages joined browser to browser by WebRTC data
// channels, found through Nostr relays, with Trystero (npm, vendored and bundled at set-up by
// scripts/vendor.py). It carries JSON messages and says who joins and leaves; it knows no game.
// The host's checks, seats and cards are the Python protocol's, in the worker.
//
// What the relays see: the room's signalling (offers, answers, ICE candidates), which Trystero
// encrypts with the room's password, under topics hashed from the app id and the room id. No
// message sent here passes through them: those go over the data channel, peer to peer.
//
// Configured the way Trystero 0.25 reads it, never by its defaults:
// * relays: `relayConfig.urls`. Trystero reads no other key (the `relayUrls` of before 0.24 is
//   ignored without a word) and, given none, signals through public relays of its own choosing,
//   which the page's Content-Security-Policy would refuse anyway. So this module refuses to join
//   without relay URLs, and tests/e2e/test_transport.py fails if the page reaches any other.
// * ICE: `rtcConfig.iceServers` replaces Trystero's public STUN servers (Google's, Cloudflare's)
//   when given; `[]` asks for none (two contexts of one browser connect by their host candidates).
//   TURN servers, for strict networks, are ICE servers like the others.
// * Trystero connects its relays once per page, at the first join, and keeps them for every later
//   room: a second join naming other relays would silently use the first's, so it is refused here.
// * Connections: `rtcPolyfill` is KeptOfferConnection (below), so that a page that has been in the
//   room longer than a minute can still offer a connection.
// * Announces: Trystero announces a room at the join and then once a minute; after a peer leaves,
//   this module announces it again (`announceAgain`, below), so that a peer still open comes back in
//   seconds.

import {
  createEvent, getRelaySockets, joinRoom as joinTrystero, pauseRelayReconnection, resumeRelayReconnection, selfId,
} from "../vendor/trystero-0.25.4/trystero-nostr.mjs";

export { selfId };

// Trystero's action names must fit 12 bytes; one action carries every message.
const ACTION = "kabale";

// A message larger than this (as JSON text, in UTF-16 code units) is not sent, and one received is
// refused: a game's message is a few kilobytes, and a peer must not make another buffer megabytes.
export const MAX_MESSAGE_CHARS = 64 * 1024;

let relaysInUse = null;

// How long a join waits for a relay's socket to open before it says none can be reached.
export const RELAY_WAIT_MS = 10_000;

// Trystero keeps a pool of connections, each with an offer made at the join, and renews an offer
// older than 57 s before it sends it: it rolls the offer back, restarts ICE and makes another. In
// Chromium that renewal races with the `negotiationneeded` the rollback fires and leaves an offer whose
// ICE never gathers: no candidate goes out, the connection is never made, and it is dropped 23 s
// later. Trystero lets the page with the smaller selfId make the offer, so a page that had been in the
// room a minute could no longer reach a page that came (a friend's reload, a host's: a new selfId)
// whenever it was its turn to offer, about every other time, and tried again with another aged offer
// for good (a playthrough: the friend's page said the host was away, the host's said she was).
// tests/e2e/test_remote_reload.py shows it. So the connections Trystero makes here keep an offer that
// no one has answered as it was made: the renewal's rollback, ICE restart and new offer all give back
// the offer there is, with the candidates gathered for it. Those hold while the connection is open
// (its host candidates, its TURN allocation, which the browser refreshes); a server-reflexive one
// may have aged, and then the checks find the peer-reflexive address instead. A connection that has
// been answered (a live one, an answerer's) behaves as any other.
const KeptOfferConnection = globalThis.RTCPeerConnection && class KeptOfferConnection extends RTCPeerConnection {
  // An offer made and not yet answered: what a pooled connection holds.
  #unanswered() {
    return this.signalingState === "have-local-offer" && this.localDescription?.type === "offer"
      && !this.remoteDescription;
  }

  setLocalDescription(description) {
    if (this.#unanswered() && (description?.type === "rollback"
        || (description?.type === "offer" && description.sdp === this.localDescription.sdp))) {
      return Promise.resolve();
    }
    return super.setLocalDescription(description);
  }

  restartIce() {
    if (!this.#unanswered()) super.restartIce();
  }

  createOffer(options) {
    if (options?.iceRestart && this.#unanswered()) {
      return Promise.resolve({ type: "offer", sdp: this.localDescription.sdp });
    }
    return super.createOffer(options);
  }
};

// When a connection drops while both pages stay open (a phone that sleeps and wakes: the same
// pages, the same selfIds), Trystero 0.25.4 does not announce the room again: its announce on a
// disconnect hangs on the close handler of the connection's first peer, which its shared-peer
// bookkeeping replaces with its own once the channel opens, and the Nostr strategy's steady
// interval is 60 s (a minute or more, doubling, whenever an announce found the relay's socket
// closed, as after quiet()). The pages found each other only at the next announce, 52-57 s after
// the drop (the relay saw nothing in between: the offer, answer and candidates of the reconnection
// all came at that announce, and the connection opened 0.1 s later), where a reloaded page, whose
// join announces at once, came back in 2-5 s. tests/e2e/test_transport.py shows it. So after a peer
// leaves, and at resume(), this module announces the room itself, as Trystero does: its payload
// ({peerId: selfId}) under the room's topic, an event signed by createEvent (the Nostr strategy's
// export) sent on each open relay socket. The peer that gets it answers as to Trystero's own
// announce (the smaller selfId offers, the other asks it to), and a live connection ignores it. It
// is sent a few times, over half a minute (ANNOUNCE_AGAIN_MS), since one sent while the other page
// sleeps, or before a relay's socket has reopened and subscribed again, is lost: relays keep no
// ephemeral event.
export const ANNOUNCE_AGAIN_MS = [0, 1000, 2000, 3000, 5000, 8000, 13_000, 21_000, 34_000];

// The room's topic on the relays as Trystero 0.25 derives it: SHA-1 of "Trystero@appId@roomId",
// each byte written in base 36.
async function roomTopic(appId, roomId) {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(`Trystero@${appId}@${roomId}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(36)).join("");
}

function relayList(urls) {
  if (!Array.isArray(urls) || urls.length === 0) {
    throw new Error("transport: no relay URLs; Trystero would signal through public relays of its own");
  }
  return urls.map((url) => {
    const parsed = new URL(url);
    if (parsed.protocol !== "wss:" && parsed.protocol !== "ws:") {
      throw new Error(`transport: a relay is a WebSocket URL (wss://...), not ${url}`);
    }
    return parsed.href;
  });
}

// Trystero's room config from ours: the relays, the ICE servers, the password.
export function trysteroConfig({ appId, password, relayUrls, iceServers }) {
  if (!appId) throw new Error("transport: an appId is needed");
  if (!password) throw new Error("transport: a room needs a password (it encrypts the signalling)");
  const config = { appId, password, relayConfig: { urls: relayList(relayUrls) } };
  if (KeptOfferConnection) config.rtcPolyfill = KeptOfferConnection;
  if (iceServers !== undefined) config.rtcConfig = { iceServers: [...iceServers] };
  return config;
}

// Join a room. Options:
//   appId, roomId, password   the room (the password encrypts the signalling; peers need the same)
//   relayUrls                 Nostr relays, ws:// or wss:// URLs (required)
//   iceServers                RTCIceServer list, STUN and TURN (optional; [] for none)
//   onMessage(message, peerId)   a JSON value a peer sent
//   onPeerJoin(peerId), onPeerLeave(peerId)   a data channel opened, or closed
//   onRefused(peerId, reason)    a peer's message that was not JSON text or was too big
//   onJoinError(details)         Trystero's: a wrong password, a handshake that failed
//   onNoRelay(urls)              no relay's socket was open relayWaitMs (default 10 s) after the
//                                join: offline, the relays down or blocked (Trystero itself only
//                                retries, without a word), so the page can say so plainly
// Returns {selfId, relayUrls, peers(), send(message, peerId?), connection(peerId), quiet(), resume(), leave()}.
export function joinRoom(options) {
  const { roomId, onMessage, onPeerJoin, onPeerLeave, onRefused, onJoinError, onNoRelay } = options;
  if (!roomId) throw new Error("transport: a roomId is needed");
  const config = trysteroConfig(options);
  const urls = config.relayConfig.urls;
  if (relaysInUse !== null && urls.join(" ") !== relaysInUse.join(" ")) {
    throw new Error(`transport: this page signals through ${relaysInUse.join(", ")} already; Trystero keeps a page's first relays`);
  }
  relaysInUse = urls;

  const room = joinTrystero(config, roomId, onJoinError ? { onJoinError } : undefined);
  const peers = new Set();
  const action = room.makeAction(ACTION);
  let left = false;
  let quieted = false;
  const relayCheck = onNoRelay && setTimeout(() => {
    const sockets = getRelaySockets();
    const open = urls.some((url) => sockets[url] && sockets[url].readyState === WebSocket.OPEN);
    if (!left && !open) onNoRelay([...urls]);
  }, options.relayWaitMs ?? RELAY_WAIT_MS);

  // The announces after a drop (see ANNOUNCE_AGAIN_MS): a new drop, or resume(), starts them again;
  // quiet() and leave() stop them.
  const topic = roomTopic(options.appId, roomId);
  let announceTimers = [];
  const stopAnnouncing = () => {
    announceTimers.forEach(clearTimeout);
    announceTimers = [];
  };
  const announce = async () => {
    const event = await createEvent(await topic, JSON.stringify({ peerId: selfId }));
    if (left || quieted) return;
    const sockets = getRelaySockets();
    for (const url of urls) if (sockets[url]?.readyState === WebSocket.OPEN) sockets[url].send(event);
  };
  const announceAgain = () => {
    stopAnnouncing();
    if (left || quieted) return;
    announceTimers = ANNOUNCE_AGAIN_MS.map((ms) => setTimeout(() => announce().catch(() => {}), ms));
  };

  action.onMessage = (data, { peerId }) => {
    if (typeof data !== "string" || data.length > MAX_MESSAGE_CHARS) {
      onRefused?.(peerId, typeof data !== "string" ? "not text" : "too big");
      return;
    }
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      onRefused?.(peerId, "not JSON");
      return;
    }
    onMessage?.(message, peerId);
  };
  room.onPeerJoin = (peerId) => {
    peers.add(peerId);
    onPeerJoin?.(peerId);
  };
  room.onPeerLeave = (peerId) => {
    peers.delete(peerId);
    announceAgain();
    onPeerLeave?.(peerId);
  };

  return {
    selfId,
    relayUrls: urls,
    peers: () => [...peers],
    // Send a JSON value to one peer, or to every peer when peerId is omitted.
    send(message, peerId) {
      if (left) return Promise.reject(new Error("transport: the room was left"));
      const text = JSON.stringify(message);
      if (text === undefined) return Promise.reject(new Error("transport: not a JSON value"));
      if (text.length > MAX_MESSAGE_CHARS) return Promise.reject(new Error("transport: message too big"));
      return action.send(text, peerId === undefined ? undefined : { target: peerId });
    },
    // Go quiet on the relays once every seat is filled: close this page's relay sockets and keep
    // them closed (Trystero would reconnect and announce the room again every 5.3 s, a load public
    // relays complain of). The data channels, direct between the browsers, carry on.
    quiet() {
      quieted = true;
      stopAnnouncing();
      pauseRelayReconnection();
      for (const socket of Object.values(getRelaySockets())) if (socket) socket.close();
    },
    // Signal again (a seat is away, so that its player can come back): the sockets reopen, and the
    // room is announced again at once (Trystero's own next announce may be a minute away).
    resume() {
      quieted = false;
      resumeRelayReconnection();
      announceAgain();
    },
    // The RTCPeerConnection to a peer, for its configuration and statistics.
    connection: (peerId) => room.getPeers()[peerId] ?? null,
    // Close every data channel and stop announcing. The relays' sockets stay open: Trystero opens
    // them once per page, and a later room of this page signals through them again.
    async leave() {
      if (left) return;
      left = true;
      clearTimeout(relayCheck);
      stopAnnouncing();
      if (quieted) resumeRelayReconnection(); // Trystero's pause is the page's: a later room must signal
      peers.clear();
      await room.leave();
    },
  };
}
