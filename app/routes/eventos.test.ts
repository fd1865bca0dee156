import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";

import { requestInfoContext, servicesContext, type Services } from "#app/http/context";
import { createStreamSlots } from "#app/live/stream-slots";
import type { LiveUpdates } from "#app/live/updates.server";

import { loader } from "./eventos";

/**
 * /eventos (routes/eventos.ts) holds a place, a listener and a heartbeat per open stream: each must
 * go when the client's connection closes, whatever became of the request's own signal.
 */

function streamContext({ dataRequest = false } = {}) {
  const slots = createStreamSlots({ perClient: 1, total: 10 });
  let listeners = 0;
  const live = {
    slots,
    subscribe: () => {
      listeners++;
      return () => listeners--;
    },
  } as unknown as LiveUpdates;
  const connection = new AbortController();
  const context = new RouterContextProvider();
  context.set(servicesContext, { live } as Services);
  context.set(requestInfoContext, {
    clientIp: "198.51.100.1",
    cspNonce: undefined,
    connectionClosed: connection.signal,
    dataRequest,
  });
  return { context, slots, connection, listeners: () => listeners };
}

const call = (context: RouterContextProvider, request: Request) =>
  loader({ request, context, params: {} } as unknown as Parameters<typeof loader>[0]) as Response;

test("the connection closing frees the stream's place and listener, though the request's signal never aborts", async () => {
  const { context, slots, connection, listeners } = streamContext();
  // A request whose signal nobody will ever abort: React Router's wrapped one after a collection.
  const response = call(context, new Request("http://localhost/eventos"));
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  await reader.read();
  expect([slots.open, listeners()]).toEqual([1, 1]);
  connection.abort();
  expect([slots.open, listeners()]).toEqual([0, 0]);
  expect((await reader.read()).done).toBe(true);
});

test("a data request for the stream is refused and takes no place", async () => {
  const { context, slots } = streamContext({ dataRequest: true });
  const response = call(context, new Request("http://localhost/eventos"));
  expect(response.status).toBe(404);
  expect(slots.open).toBe(0);
});
