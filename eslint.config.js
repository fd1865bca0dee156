import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import regexpPlugin from "eslint-plugin-regexp";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers of docs/ARCHITECTURE.md ("May import"), enforced: each folder of app/ lists what it
 * must not import. Tests sit beside the code they test and may reach further (fixtures).
 */
// Module specifiers as regular expressions (gitignore-style groups would read '#app/…' as a comment).
const ours = (...folders) => `^#app/(${folders.join("|")})/`;
const NO_RUNTIME = {
  regex: "(^#app/|/)runtime\\.server$",
  message: "Los servicios llegan por el contexto del router (http/context.ts) o como argumentos.",
};
/*
 * One design system (docs/decisions/008): the project's primitives (app/ui/primitives/) for
 * buttons, badges, fields, checkboxes and tables; Mantine for what has behaviour, through its
 * public API only (never its components' internal class names).
 */
const DESIGN_SYSTEM = "Un solo sistema de diseño: usa app/ui/primitives/ (decisión 008).";
const MANTINE_DUPLICATES = {
  name: "@mantine/core",
  importNames: ["Button", "Badge", "Card", "Paper", "Table", "TextInput", "NumberInput", "NativeSelect", "Checkbox"],
  message: DESIGN_SYSTEM,
};
const MANTINE_INTERNALS = {
  selector: "MemberExpression[property.name='classes'][object.type='Identifier'][object.name=/^[A-Z]/]",
  message: "Las clases internas de Mantine no son API pública: usa app/ui/primitives/ (decisión 008).",
};

const LAYERS = {
  "app/domain/**": {
    forbidden: ["^#app/(?!domain/)", "^\\.\\./"],
    why: "domain/ es lógica pura: no importa nada más del proyecto.",
  },
  "app/import/**": {
    forbidden: [ours("auth", "http", "live", "notify", "reminders", "ui", "routes"), "^#app/config\\.server$"],
    why: "import/ lee el archivo: domain/ y tipos de data/.",
  },
  "app/data/**": {
    forbidden: [ours("auth", "http", "live", "notify", "reminders", "ui", "routes")],
    why: "data/ devuelve resultados simples: sin toasts, estados HTTP ni interfaz.",
  },
  "app/auth/**": {
    forbidden: [ours("live", "notify", "reminders", "ui", "routes")],
    why: "auth/ devuelve resultados simples: solo routes/ y http/ hacen toasts y estados HTTP.",
  },
  "app/live/**": {
    forbidden: [ours("auth", "http", "notify", "reminders", "ui", "routes", "import")],
    why: "live/ solo avisa de cambios.",
  },
  "app/notify/**": {
    forbidden: [ours("auth", "http", "live", "reminders", "ui", "routes", "import")],
    why: "notify/ envía avisos a los jugadores: datos de data/, reglas de domain/, resultados simples.",
  },
  "app/reminders/**": {
    forbidden: [ours("http", "live", "ui", "routes", "import")],
    why: "reminders/ envía recordatorios: datos de data/, textos de domain/, enlaces de auth/, avisos de notify/.",
  },
  "app/http/**": {
    forbidden: [ours("routes"), "^#app/ui/(?!feedback/(Toasts|action-answer)$)"],
    why: "http/ ayuda a las rutas; de ui/ solo la forma de un toast y de una respuesta.",
  },
  "app/ui/**": {
    forbidden: [
      ours("data", "auth", "http", "live", "notify", "reminders", "import", "routes"),
      "^#app/config\\.server$",
    ],
    why: "ui/ dibuja lo que recibe: datos por props, reglas de domain/.",
  },
};

function layerRules() {
  const layers = Object.entries(LAYERS).map(([files, { forbidden, why }]) => ({
    files: [files],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "app/**/fixtures/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [MANTINE_DUPLICATES], patterns: [...forbidden.map((regex) => ({ regex, message: why })), NO_RUNTIME] },
      ],
      "no-restricted-syntax": ["error", MANTINE_INTERNALS],
    },
  }));
  const routes = {
    files: ["app/routes/**", "app/root.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "kysely", message: "Las rutas no escriben SQL: usa una función de data/." },
            MANTINE_DUPLICATES,
          ],
          patterns: [NO_RUNTIME],
        },
      ],
      "no-restricted-syntax": [
        "error",
        MANTINE_INTERNALS,
        {
          selector:
            "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]",
          message: "Las rutas no escriben SQL: usa una función de data/.",
        },
      ],
    },
  };
  return [...layers, routes];
}

export default tseslint.config(
  {
    ignores: [
      "build*/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "data/",
      "screenshots/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  regexpPlugin.configs["flat/recommended"],
  {
    // Regular expressions (decision 018): none that reads uploaded or typed text may take time
    // growing faster than its length. Recommended's rules that only judge how a class is written
    // are off; no-super-linear-move, which recommended leaves off, is on.
    rules: {
      "regexp/no-super-linear-move": "error",
      "regexp/control-character-escape": "off",
      "regexp/no-unused-capturing-group": "off",
      "regexp/no-useless-character-class": "off",
      "regexp/prefer-w": "off",
      "regexp/use-ignore-case": "off",
    },
  },
  {
    // Tests read the app's own answers and fixtures, not what people send.
    files: ["tests/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "regexp/no-super-linear-backtracking": "off", "regexp/no-super-linear-move": "off" },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": ["error", { ignoreRestArgs: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  ...layerRules(),
  {
    // A function reads in one sitting: past about 80 lines it holds several steps, and naming
    // each step (a function of its own) says what the long one only shows. One that is long for
    // a reason (a single list of settings) says so beside an eslint-disable.
    files: ["app/**", "server/**", "scripts/**"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A test reads top to bottom as one story; splitting it would hide what it checks.
    files: ["tests/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "max-lines-per-function": "off" },
  },
  {
    // Migrations describe schemas the current types do not know yet, and a released one is one
    // list of statements that is never edited.
    files: ["app/data/engine/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "max-lines-per-function": "off" },
  },
);
