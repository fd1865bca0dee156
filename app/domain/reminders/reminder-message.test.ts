import { describe, expect, test } from "vitest";

import {
  kickoffPhrase,
  ofPhase,
  reminderEmail,
  reminderNotice,
  reminderSummary,
  type ReminderContent,
} from "./reminder-message";

const ZONE = "America/Mexico_City";
// Friday 12 January 2024, 21:00 in Mexico City.
const now = new Date("2024-01-13T03:00:00Z");
// Saturday 13 January 2024, 19:00 in Mexico City.
const SATURDAY_19 = "2024-01-14T01:00:00.000Z";

const content: ReminderContent = {
  phaseName: "Jornada 5",
  timeZone: ZONE,
  matches: [
    { home: "América", away: "Cruz Azul", kickoffAt: "2024-01-14T03:05:00.000Z" },
    { home: "Pumas UNAM", away: "Toluca", kickoffAt: SATURDAY_19 },
    { home: "Santos", away: "Tigres", kickoffAt: null },
  ],
};

describe("reminderSummary", () => {
  test("says how many picks are missing and when the first missing match starts, in the season's zone", () => {
    expect(reminderSummary(content, now)).toBe(
      "Te faltan 3 pronósticos de la Jornada 5 · el primero empieza el sábado a las 19:00 (hora de la Ciudad de México)",
    );
  });

  test("one missing pick, and missing picks without a kickoff", () => {
    expect(reminderSummary({ ...content, matches: [content.matches[1]!] }, now)).toBe(
      "Te falta 1 pronóstico de la Jornada 5 · empieza el sábado a las 19:00 (hora de la Ciudad de México)",
    );
    expect(reminderSummary({ ...content, matches: [content.matches[2]!] }, now)).toBe(
      "Te falta 1 pronóstico de la Jornada 5",
    );
  });

  test("another zone reads its own wall clock", () => {
    expect(reminderSummary({ ...content, timeZone: "Europe/Madrid" }, now)).toBe(
      "Te faltan 3 pronósticos de la Jornada 5 · el primero empieza el domingo a las 02:00 (hora de Madrid)",
    );
  });
});

test("the phase's name takes its article", () => {
  expect(ofPhase("Jornada 5")).toBe("de la Jornada 5");
  expect(ofPhase("Final Vuelta")).toBe("de la Final Vuelta");
  expect(ofPhase("Semifinal Ida")).toBe("de la Semifinal Ida");
  expect(ofPhase("Semifinales")).toBe("de las Semifinales");
  expect(ofPhase("Cuartos de Final")).toBe("de los Cuartos de Final");
  expect(ofPhase("Play-In 1")).toBe("del Play-In 1");
  expect(ofPhase("Tercer Lugar")).toBe("del Tercer Lugar");
  expect(ofPhase("Grupos · Jornada 1")).toBe("de Grupos · Jornada 1");
});

test("a kickoff a week or more away names its date", () => {
  expect(kickoffPhrase(SATURDAY_19, ZONE, now)).toBe("el sábado a las 19:00");
  expect(kickoffPhrase("2024-01-19T01:00:00.000Z", ZONE, now)).toBe("el jueves a las 19:00");
  // Today is a Friday: next Friday names its date.
  expect(kickoffPhrase("2024-01-20T01:00:00.000Z", ZONE, now)).toBe("el viernes 19 de enero a las 19:00");
});

describe("reminderEmail", () => {
  const input = {
    name: "Ana <script>",
    content,
    homeUrl: "https://quiniela.example.com/",
    unsubscribeUrl: "https://quiniela.example.com/baja-recordatorios?token=abc&x=1",
  };
  const email = reminderEmail(input, now);

  test("the subject says how many and of which phase", () => {
    expect(email.subject).toBe("Te faltan 3 pronósticos de la Jornada 5");
  });

  test("the text lists only the missing matches, links home and says how to stop", () => {
    expect(email.text).toContain("Hola, Ana <script>:");
    expect(email.text).toContain(
      "Te faltan 3 pronósticos de la Jornada 5 · el primero empieza el sábado a las 19:00 (hora de la Ciudad de México).",
    );
    const listed = email.text.split("\n").filter((line) => line.startsWith("- "));
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatch(/^- América vs Cruz Azul · .*21:05/);
    expect(listed[2]).toBe("- Santos vs Tigres · Fecha por confirmar");
    expect(email.text).toContain("\nhttps://quiniela.example.com/\n");
    expect(email.text).toContain(
      "Para no recibir más recordatorios por correo: https://quiniela.example.com/baja-recordatorios?token=abc&x=1",
    );
  });

  test("the HTML says the same, escaped", () => {
    expect(email.html).toContain("Hola, Ana &lt;script&gt;:");
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain('href="https://quiniela.example.com/"');
    expect(email.html).toContain('href="https://quiniela.example.com/baja-recordatorios?token=abc&amp;x=1"');
    expect(email.html.match(/<li>/g)).toHaveLength(3);
  });
});

test("a push notice carries the summary and opens the home page", () => {
  expect(reminderNotice(content, now)).toEqual({
    title: "Quiniela",
    body: "Te faltan 3 pronósticos de la Jornada 5 · el primero empieza el sábado a las 19:00 (hora de la Ciudad de México)",
    url: "/",
  });
});
