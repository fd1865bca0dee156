import { expect, test } from "vitest";

import { minutesAgo, REMINDER_TEXTS } from "./reminder-texts";

test("'Recordar a los que faltan' says how many it reached", () => {
  expect(REMINDER_TEXTS.sent(4)).toBe("Recordatorio enviado a 4 jugadores");
  expect(REMINDER_TEXTS.sent(1)).toBe("Recordatorio enviado a 1 jugador");
});

test("and, within the hour, how long ago the last one went", () => {
  expect(REMINDER_TEXTS.tooSoon(12)).toBe("Ya se envió un recordatorio de esta jornada hace 12 minutos");
  expect(minutesAgo(1)).toBe("hace 1 minuto");
  expect(minutesAgo(0)).toBe("hace menos de un minuto");
  expect(REMINDER_TEXTS.last(12, 1)).toBe("Último recordatorio hace 12 minutos, a 1 jugador.");
});
