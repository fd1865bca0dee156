import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.refine(
    (url) => url === undefined || /^postgres(ql)?:\/\//.test(url),
    "DATABASE_URL debe empezar con postgres:// (sin ella se usa SQLite)",
  ),
  ADMIN_EMAIL: optionalString.transform((email) => email?.toLowerCase()),
  APP_TIMEZONE: z.string().default("America/Mexico_City"),
  SEASON_NAME: z.string().default("Liga MX · Clausura 2024"),
  BASE_URL: optionalString.refine(
    (url) => url === undefined || URL.canParse(url),
    "BASE_URL debe ser una URL completa, por ejemplo https://quiniela.example.com",
  ),
  BETTER_AUTH_SECRET: optionalString,
  TRUST_PROXY: optionalString,
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOG_REQUESTS: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
});

export type Config = z.infer<typeof EnvSchema> & { dataDir: string };

let cached: Config | undefined;

/** The environment, validated once. A bad setting stops the server at start with a clear message. */
export function getConfig(): Config {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Configuración inválida:\n${problems.join("\n")}`);
  }
  cached = { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
  return cached;
}
