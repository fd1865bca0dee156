import fs from "node:fs";
import path from "node:path";

/** The folders playwright.config.ts made for this run (path.delimiter between them). */
export const TEMPORARY_FOLDERS_VARIABLE = "E2E_TEMPORARY_FOLDERS";

/** After the run: its data folders go (a machine that runs the suite all day keeps none). */
export default function removeRunFolders(): void {
  for (const folder of (process.env[TEMPORARY_FOLDERS_VARIABLE] ?? "").split(path.delimiter).filter(Boolean)) {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
