import type { ErrorShape } from './errors.js';

/** Fault injection and timing knobs, changed at run time through POST /__sim/config. */
export interface SimConfig {
  /** A fixed delay, or a uniformly random one in [min, max], before each Service Layer call is handled. */
  latencyMs: number | [number, number];
  /** A further delay before each document write (POST, PATCH but Login/Logout): a slow commit reads do not share. */
  writeLatencyMs: number;
  /** Share of Service Layer calls answered 500 / -5002 before anything happens. */
  errorRate: number;
  /** Share of POSTs that commit, then lose their reply (socket destroyed): the "unknown outcome" case. */
  dropReplyRate: number;
  sessionTimeoutSeconds: number;
  /** Answer every error in this shape instead of the one the path version implies. */
  forceErrorShape: ErrorShape | null;
}

export const DEFAULT_SESSION_TIMEOUT_SECONDS = 30 * 60;

export function defaultConfig(sessionTimeoutSeconds = DEFAULT_SESSION_TIMEOUT_SECONDS): SimConfig {
  return {
    latencyMs: 0,
    writeLatencyMs: 0,
    errorRate: 0,
    dropReplyRate: 0,
    sessionTimeoutSeconds,
    forceErrorShape: null,
  };
}

export class ControlError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'ControlError';
  }
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isRate = (v: unknown): v is number => isNumber(v) && v >= 0 && v <= 1;

function parseLatency(value: unknown): SimConfig['latencyMs'] {
  if (isNumber(value) && value >= 0) return value;
  if (Array.isArray(value) && value.length === 2) {
    const [min, max] = value as unknown[];
    if (isNumber(min) && isNumber(max) && min >= 0 && max >= min) return [min, max];
  }
  throw new ControlError(
    'latencyMs must be a number of milliseconds >= 0 or a pair [min, max] with min <= max',
  );
}

/** Validates a partial update; unknown keys are refused so a typo in a test fails loudly. */
export function parseConfigPatch(body: unknown): Partial<SimConfig> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ControlError('The body must be a JSON object');
  }
  const patch: Partial<SimConfig> = {};
  for (const [key, value] of Object.entries(body)) {
    switch (key) {
      case 'latencyMs':
        patch.latencyMs = parseLatency(value);
        break;
      case 'writeLatencyMs':
        if (!isNumber(value) || value < 0) throw new ControlError('writeLatencyMs must be a number >= 0');
        patch.writeLatencyMs = value;
        break;
      case 'errorRate':
      case 'dropReplyRate':
        if (!isRate(value)) throw new ControlError(`${key} must be a number from 0 to 1`);
        patch[key] = value;
        break;
      case 'sessionTimeoutSeconds':
        if (!isNumber(value) || value <= 0)
          throw new ControlError('sessionTimeoutSeconds must be a number > 0');
        patch.sessionTimeoutSeconds = value;
        break;
      case 'forceErrorShape':
        if (value !== null && value !== 'v1' && value !== 'v2' && value !== 'plain') {
          throw new ControlError("forceErrorShape must be 'v1', 'v2', 'plain' or null");
        }
        patch.forceErrorShape = value;
        break;
      default:
        throw new ControlError(`Unknown config key '${key}'`);
    }
  }
  return patch;
}

export function pickLatency(latency: SimConfig['latencyMs'], random: () => number = Math.random): number {
  if (typeof latency === 'number') return latency;
  const [min, max] = latency;
  return min + (max - min) * random();
}
