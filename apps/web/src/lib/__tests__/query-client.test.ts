import { QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../query-client";

/** A list on a server whose answers are held until released: what a slow answer looks like. */
function slowServer() {
  let status = "pending";
  const held: (() => void)[] = [];
  return {
    approve: () => {
      status = "approved";
    },
    fetchList: () => {
      const answer = status;
      return new Promise<string>((resolve) => held.push(() => resolve(answer)));
    },
    releaseAll: () => held.splice(0).forEach((release) => release()),
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createQueryClient", () => {
  it("fetches again after a change a new query's fetch in flight has not seen", async () => {
    const server = slowServer();
    const client = createQueryClient();
    // A new search of the list: no data yet, its fetch on its way with the state before the approval.
    const observer = new QueryObserver(client, { queryKey: ["requests", { q: "lena" }], queryFn: server.fetchList });
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await settled();
    server.approve();
    const refreshed = client.invalidateQueries({ queryKey: ["requests"] });
    server.releaseAll();
    await settled();
    server.releaseAll();
    await refreshed;
    await settled();
    expect(observer.getCurrentResult().data).toBe("approved");
    expect(seen).not.toContain("pending");
    unsubscribe();
    client.clear();
  });

  it("leaves a fetch in flight alone when nothing is to be fetched again", async () => {
    const server = slowServer();
    const client = createQueryClient();
    const observer = new QueryObserver(client, { queryKey: ["requests"], queryFn: server.fetchList });
    const unsubscribe = observer.subscribe(() => undefined);
    await settled();
    await client.invalidateQueries({ queryKey: ["requests"], refetchType: "none" });
    server.releaseAll();
    await settled();
    expect(observer.getCurrentResult().data).toBe("pending");
    unsubscribe();
    client.clear();
  });
});
