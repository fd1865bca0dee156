// `npm run import:firestore -- FILE [--temporada "Nombre"] [--dry-run|--simular]`: loads a JSON
// export of the original app's Firestore (users, matches, predictions, rankings, quinielas) into
// the database the server uses (DATA_DIR or DATABASE_URL, from the environment or .env), as a
// season of its own (default 'Importada <fecha>'), all or nothing. Imported users get no
// password: the command prints one set-password link per new account.
import fs from "node:fs";

import { importFirestoreCommand } from "./lib/import-firestore-command";

// Same settings as the server (server.js): .env first, real environment variables win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

process.exit(await importFirestoreCommand(process.argv.slice(2)));
