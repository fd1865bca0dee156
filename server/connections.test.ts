import { expect, test } from "vitest";

import { getConfig } from "#app/config.server";

import { connectionLimits, parseOpenFileLimit, RESERVED_DESCRIPTORS } from "./connections";

/** The limits on slow and numerous clients, from the settings and the process's file limit. */

const LIMITS_TEXT = `Limit                     Soft Limit           Hard Limit           Units
Max processes             96365                96365                processes
Max open files            256                  4096                 files
`;

test("the process's open-file limit is its soft limit; unknown, it sets no bound", () => {
  expect(parseOpenFileLimit(LIMITS_TEXT)).toBe(256);
  expect(parseOpenFileLimit(undefined)).toBe(Number.POSITIVE_INFINITY);
});

test("defaults: 20 s for headers, 60 s for a request, 100 connections per client and 1,000 in all", () => {
  const limits = connectionLimits(getConfig({}), 1_048_576);
  expect(limits).toEqual({
    headersTimeoutMs: 20_000,
    requestTimeoutMs: 60_000,
    keepAliveTimeoutMs: 10_000,
    perClient: 100,
    total: 1_000,
  });
});

test("the total stays below the file limit, whatever CONNECTIONS_MAX says", () => {
  expect(connectionLimits(getConfig({ CONNECTIONS_MAX: "5000" }), 256).total).toBe(256 - RESERVED_DESCRIPTORS);
  expect(connectionLimits(getConfig({ CONNECTIONS_MAX: "50" }), 256).total).toBe(50);
});
