import { redirect } from "react-router";
import { expect, test, vi } from "vitest";

import { errorToast, successToast } from "#app/ui/feedback/Toasts";

import { answer, runAction } from "./action-answer.server";

test("an answer is ok below 300, with a toast or none, field messages or none, and its screen's fields", () => {
  const saved = answer<{ link: string }>(200, {
    toast: successToast("Usuario guardado"),
    link: "https://quiniela.example/x",
  });
  expect(saved.init?.status).toBe(200);
  expect(saved.data).toEqual({
    ok: true,
    toast: successToast("Usuario guardado"),
    errors: {},
    link: "https://quiniela.example/x",
  });

  const refused = answer(400, { errors: { email: "Correo inválido" } });
  expect(refused.init?.status).toBe(400);
  expect(refused.data).toEqual({ ok: false, toast: null, errors: { email: "Correo inválido" } });

  const limited = answer(429, { toast: errorToast("Espera") }, { "Retry-After": "30" });
  expect(new Headers(limited.init?.headers).get("Retry-After")).toBe("30");
});

test("runAction answers the unexpected with a 500 and the screen's toast, and lets a Response through", async () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    const failed = await runAction("No se pudo guardar", async () => {
      throw new Error("database down");
    });
    expect(failed).not.toBeInstanceOf(Response);
    expect(failed).toMatchObject({
      data: { ok: false, toast: errorToast("No se pudo guardar"), errors: {} },
      init: { status: 500 },
    });
    expect(log).toHaveBeenCalledOnce();

    const away = redirect("/quinielas");
    expect(await runAction("x", async () => away)).toBe(away);
    const thrown = redirect("/login");
    await expect(
      runAction("x", async () => {
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    expect(log).toHaveBeenCalledOnce();
  } finally {
    log.mockRestore();
  }
});
