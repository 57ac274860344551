import { resolve } from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const timeZone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'APP_TIMEZONE must be an IANA time zone such as Africa/Nairobi.');

/** A SAP G/L account code (ChartOfAccounts.Code: at most 15 characters). */
const sapAccountCode = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9._-]{1,15}$/,
    'must be a SAP account code of at most 15 letters, digits, dots, dashes or underscores.',
  );

/** The shortest METRICS_TOKEN taken: a bearer secret that cannot be guessed in any number of scrapes. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

/** Every setting the server reads, with its default. The README's environment table mirrors this. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  APP_URL: z.url().optional(),
  APP_KEY: z.string().min(32, 'APP_KEY must be at least 32 characters.').optional(),
  APP_TIMEZONE: timeZone.default('Africa/Nairobi'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters.').optional(),
  SEED_DEMO: bool(true),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Freight Finance <no-reply@freight-finance.local>'),
  TRUST_PROXY: z.string().default('false'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** The most rows an unpaged list form answers (issue 24): the audit log's full array past it answers 422. */
  LIST_ROW_CAP: z.coerce.number().int().positive().default(100_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SAP_SL_URL: z.url().optional(),
  SAP_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  SAP_CA_FILE: z.string().optional(),
  /** Embedded mode only (no SAP_SL_URL): the simulator's port on 127.0.0.1; 0 picks a free one. */
  SAP_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** G/L accounts of the posting rules (config/sap-accounts.ts); defaults match the simulator's chart. */
  SAP_ACCOUNT_FREIGHT_REVENUE: sapAccountCode.default('400100'),
  SAP_ACCOUNT_TRANSPORT_COST: sapAccountCode.default('500100'),
  SAP_ACCOUNT_ACCRUED_TRANSPORTER_COSTS: sapAccountCode.default('210200'),
  WEB_DIST_DIR: z.string().optional(),
  /** Records posted to SAP at the same time within one post request. */
  POSTING_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
  /** `inline` runs the queue worker inside this process (embedded default); `off` leaves it to `npm run worker`. */
  QUEUE_WORKER: z.enum(['inline', 'off']).default('inline'),
  /** Parallel VAS postings per worker process. */
  QUEUE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  VAS_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(6),
  VAS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(5),
  /** A job whose worker died is retried after this long; must exceed SAP_TIMEOUT_MS comfortably. */
  VAS_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(5).optional(),
  /**
   * Turns on `GET /metrics` (Prometheus), which then needs `Authorization: Bearer <METRICS_TOKEN>`; unset, there is
   * no such route. A secret like a password: long and random.
   */
  METRICS_TOKEN: z
    .string()
    .min(
      METRICS_TOKEN_MIN_LENGTH,
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters (e.g. openssl rand -hex 32), or unset to turn /metrics off.`,
    )
    .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces (it is sent in a header).')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  // npm runs workspace scripts inside the workspace folder; relative paths mean the folder npm was run from.
  const base = source.INIT_CWD ?? process.cwd();
  return { ...parsed.data, DATA_DIR: resolve(base, parsed.data.DATA_DIR) };
}

/** Logged at start-up when TRUST_PROXY=true: every client can then choose the address it is seen with. */
export const TRUST_PROXY_TRUE_WARNING =
  'TRUST_PROXY=true believes any X-Forwarded-For header, so a client can choose the IP address that sign-in throttling, rate limits and the audit log see. Set TRUST_PROXY to the number of proxies in front of the API (e.g. 1) or to their addresses instead.';

/** TRUST_PROXY: true/false, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
export function trustProxySetting(
  value: string,
): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}
