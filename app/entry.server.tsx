import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";

import { NonceContext } from "#app/ui/layout/useNonce";

import { requestInfoContext } from "./http/context";

export const streamTimeout = 5_000;

/**
 * Renders the whole document, then sends it as one body. No page of ours suspends on the server
 * (loaders return their data whole), so streaming would send the same bytes at the same moment,
 * only in dozens of chunks, each passed through a Node stream, a web stream and the compressor:
 * about a tenth of a small page's server time.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestInfoContext).cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The guard against a render that never ends, cleared once the page is whole: a pending timer
    // keeps `abort`, and through it the request's whole render (its tree, data and output), alive
    // for its six seconds. Under load that was every page of the last six seconds, all of it still
    // live after a full collection, copied and promoted by the collector (decision 009). Set once
    // the render has started (and not if it already ended), so that it never calls an `abort`
    // that does not exist.
    let guard: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    const finish = () => {
      ended = true;
      clearTimeout(guard);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              finish();
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(body);
        },
        onShellReady() {
          shellRendered = true;
        },
        onShellError(error: unknown) {
          finish();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, React Router gets the error (onShellError) and logs it itself.
          if (shellRendered) console.error(error);
        },
      },
    );
    if (!ended) guard = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Logged once, on the server; the browser only ever sees the Spanish error page. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
