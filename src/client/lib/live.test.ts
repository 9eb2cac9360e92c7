import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { refreshLive } from "./live.js";

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
const unanswered: (() => void)[] = [];

/** A list on the server: each request is answered with the list as it was when asked, once the test lets it through. */
function listOnServer(seatsLeft: number) {
  const server = { seatsLeft, requests: 0 };
  const queryFn = () => {
    server.requests++;
    const answer = { seatsLeft: server.seatsLeft };
    return new Promise<typeof answer>((resolve) => unanswered.push(() => resolve(answer)));
  };
  return { server, queryFn };
}

/** A page showing the query (so it is active): its first fetch starts at once. */
const showOnPage = (queryKey: string[], queryFn: () => Promise<unknown>) =>
  new QueryObserver(queryClient, { queryKey, queryFn }).subscribe(() => undefined);

/** Answers every request, those made meanwhile too, until `done` settles. */
async function answerUntil(done: Promise<unknown>) {
  let settled = false;
  void done.finally(() => {
    settled = true;
  });
  while (!settled) {
    for (const answer of unanswered.splice(0)) answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

afterEach(() => queryClient.clear());

describe("refreshLive", () => {
  it("a change made while the page's first fetch is in flight ends up on the page", async () => {
    const { server, queryFn } = listOnServer(1);
    const leave = showOnPage(["slots", "service"], queryFn);
    expect(server.requests).toBe(1);

    server.seatsLeft = 0;
    await answerUntil(refreshLive(queryClient, [["slots"]]));

    expect(queryClient.getQueryData(["slots", "service"])).toEqual({ seatsLeft: 0 });
    leave();
  });

  it("fetches a listed query once more at most, and no query it was not given", async () => {
    const listed = listOnServer(1);
    const other = listOnServer(1);
    const leave = [showOnPage(["slots", "service"], listed.queryFn), showOnPage(["catalog"], other.queryFn)];

    await answerUntil(refreshLive(queryClient, [["slots"]]));
    await answerUntil(new Promise((resolve) => setTimeout(resolve, 50)));

    expect([listed.server.requests, other.server.requests]).toEqual([2, 1]);
    for (const stop of leave) stop();
  });
});
