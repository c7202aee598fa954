// The page of tests/e2e/test_transport.py: assets/js/transport.mjs, and a record of what it says.
// The test joins with window.transportTest.join({...}) through page.evaluate and reads the record;
// <body> counts the peers and messages (data-peers, data-messages) for expect() to wait on, since
// the page's policy refuses the eval that wait_for_function needs.

import * as transport from "../../../../assets/js/transport.mjs";

const record = { joined: [], left: [], messages: [], refused: [], joinErrors: [], noRelay: [], violations: [] };
let room = null;

document.addEventListener("securitypolicyviolation", (event) => {
  record.violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
});

window.transportTest = {
  transport,
  record,
  room: () => room,
  // Join and resolve at once; record each peer that joins or leaves and each message, with the time.
  join(options) {
    room = transport.joinRoom({
      ...options,
      onPeerJoin: (peerId) => {
        record.joined.push({ peerId, at: performance.now() });
        document.body.dataset.peers = String(room.peers().length);
      },
      onPeerLeave: (peerId) => {
        record.left.push({ peerId, at: performance.now() });
        document.body.dataset.peers = String(room.peers().length);
      },
      onMessage: (message, peerId) => {
        record.messages.push({ message, peerId, at: performance.now() });
        document.body.dataset.messages = String(record.messages.length);
      },
      onRefused: (peerId, reason) => record.refused.push({ peerId, reason }),
      onJoinError: (details) => record.joinErrors.push(details.error),
      onNoRelay: (urls) => {
        record.noRelay.push(urls);
        document.body.dataset.noRelay = String(record.noRelay.length);
      },
    });
    record.joinedAt = performance.now();
    return { selfId: room.selfId, relayUrls: room.relayUrls };
  },
};
document.body.dataset.ready = "1";
