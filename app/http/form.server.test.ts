import { expect, test } from "vitest";

import { readForm } from "./form.server";

/** What the Fetch API itself reads from the same bytes and type: readForm must agree with it. */
async function fetchApiForm(body: string, type: string): Promise<[string, FormDataEntryValue][]> {
  return [...(await new Response(body, { headers: { "Content-Type": type } }).formData())];
}

const post = (body: string, type: string) =>
  new Request("https://quiniela.example/?index", { method: "POST", body, headers: { "Content-Type": type } });

test("a URL-encoded form reads as the Fetch API reads it: repeated names, '+', escapes, UTF-8, broken escapes, empty", async () => {
  const bodies = [
    "matchId=1&matchId=2&home-1=3&away-1=0",
    "name=Jos%C3%A9+Mar%C3%ADa&apodo=%F0%9F%90%90&x=a%2Bb%26c%3Dd",
    "nombre=Peña&sin-valor&=vacío&a=%zz&b=%E0%A4%A&c",
    "",
    "matchId=1%00&home-1=%00",
  ];
  for (const type of [
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded;charset=UTF-8",
    "Application/X-WWW-Form-Urlencoded ; charset=utf-8",
  ]) {
    for (const body of bodies) {
      expect([...(await readForm(post(body, type)))], `${type} ${body}`).toEqual(await fetchApiForm(body, type));
    }
  }
});

test("a multipart form, and a body that is no form, read as the Fetch API reads them", async () => {
  const boundary = "----quiniela";
  const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\npreview\r\n--${boundary}--\r\n`;
  const type = `multipart/form-data; boundary=${boundary}`;
  expect([...(await readForm(post(multipart, type)))]).toEqual(await fetchApiForm(multipart, type));
  expect([...(await readForm(post('{"a":1}', "application/json")))]).toEqual([]);
});
