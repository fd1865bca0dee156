import { expect, test } from "vitest";

import { badgeSvg, badgeTextColor, NEUTRAL_BADGE } from "./badges";

test("the secondary colour is used for the text when it reads well on the primary", () => {
  // América: navy on yellow.
  expect(badgeTextColor("#FFD100", "#002D62")).toBe("#002D62");
  expect(badgeTextColor("#002D62", "#FFD100")).toBe("#FFD100");
});

test("when the club colours are too close, the text is white on dark and near-black on light", () => {
  expect(badgeTextColor("#000000", "#111111")).toBe("#FFFFFF");
  expect(badgeTextColor("#0B1F4B", "#10275C")).toBe("#FFFFFF");
  expect(badgeTextColor("#FFFFFF", "#F5F5F5")).toBe("#111111");
  expect(badgeTextColor("#FFE600", "#FFD100")).toBe("#111111");
});

test("the badge shows the short code, upper-cased and cut to three letters, on the club colours", () => {
  const svg = badgeSvg({ short: "ame", primary: "#FFD100", secondary: "#002D62" });
  expect(svg.startsWith("<svg ")).toBe(true);
  expect(svg).toContain('aria-label="AME"');
  expect(svg).toContain(">AME</text>");
  expect(svg).toContain('fill="#FFD100"');
  expect(svg).toContain('stroke="#002D62"');

  expect(badgeSvg({ short: "Puebla", primary: "#0B1F4B", secondary: "#FFFFFF" })).toContain(">PUE</text>");
});

test("text in the badge is escaped: no markup can be injected through a short code", () => {
  const svg = badgeSvg({ short: '<a"', primary: "#FFD100", secondary: "#002D62" });
  expect(svg).not.toContain("<A");
  expect(svg).not.toContain('A""');
  expect(svg).toContain('aria-label="&#60;A&#34;"');
  expect(svg).toContain(">&#60;A&#34;</text>");

  const amp = badgeSvg({ short: "&'>", primary: "#FFD100", secondary: "#002D62" });
  expect(amp).toContain(">&#38;&#39;&#62;</text>");
});

test("colours that are not #RRGGBB fall back to the neutral ones, so no attribute can be broken out of", () => {
  const svg = badgeSvg({ short: "XYZ", primary: 'red" onload="alert(1)', secondary: "url(javascript:alert(1))" });
  expect(svg).not.toContain("onload");
  expect(svg).not.toContain("javascript");
  expect(svg).toContain(`fill="${NEUTRAL_BADGE.primary}"`);
  expect(svg).toContain(`stroke="${NEUTRAL_BADGE.secondary}"`);
});

test("the neutral badge ('Por definir') is grey with a question mark", () => {
  const svg = badgeSvg(NEUTRAL_BADGE);
  expect(svg).toContain('aria-label="?"');
  expect(svg).toContain(">?</text>");
  expect(svg).toContain(`fill="${NEUTRAL_BADGE.primary}"`);
  expect(svg).toContain(`stroke="${NEUTRAL_BADGE.secondary}"`);
  // Dark text on the light grey, readable.
  expect(svg).toContain('fill="#111111"');
});
