// One of the client processes of `npm run bench:streams` (scripts/bench-streams.ts): opens COUNT server-sent event
// streams to URL, and for every change the parent announces ({ slotId }), acknowledges it, then reports when each
// stream saw the event for that slot (the time of each receipt; the parent requests the change once every client has
// acknowledged, and subtracts when it did). Plain Node, no TypeScript loader: the clients must cost as little as
// possible on the machine they share with the server.
import http from "node:http";

const url = new URL(process.env.URL ?? "");
const count = Number(process.env.COUNT);
const streams = [];
let expected; // { slotId, times: number[], seen: Set<number> }

function open(index) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        agent: false,
        headers: { accept: "text/event-stream" },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream ${index}: HTTP ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding("utf8");
        let connected = false;
        // The end of the previous read: an event split between two reads (a busy machine) is still seen.
        let tail = "";
        response.on("data", (chunk) => {
          if (!connected) {
            connected = true;
            resolve();
          }
          const text = tail + chunk;
          tail = chunk.slice(-64);
          if (expected && !expected.seen.has(index) && text.includes(expected.slotId)) {
            expected.seen.add(index);
            expected.times.push(Date.now());
            if (expected.seen.size === streams.length) report();
          }
        });
        response.on("close", () => {
          if (!connected) reject(new Error(`stream ${index} closed before it opened`));
        });
      },
    );
    request.on("error", reject);
    streams.push(request);
  });
}

function report() {
  const done = expected;
  expected = undefined;
  process.send?.({ type: "seen", slotId: done.slotId, times: done.times, missed: streams.length - done.seen.size });
}

process.on("message", (message) => {
  if (message.type === "expect") {
    expected = { slotId: message.slotId, times: [], seen: new Set() };
    process.send?.({ type: "expecting", slotId: message.slotId });
  } else if (message.type === "give-up" && expected?.slotId === message.slotId) {
    report();
  } else if (message.type === "stop") {
    for (const request of streams) request.destroy();
    process.exit(0);
  }
});

// Opened in batches, so the server's accept queue is never the thing measured.
for (let i = 0; i < count; i += 250) {
  await Promise.all(Array.from({ length: Math.min(250, count - i) }, (_, j) => open(i + j)));
}
process.send?.({ type: "open", count: streams.length });
