// The zod-free entry point, `@ff/contract/plain`: what the web may import without pulling zod into a bundle.
export * from './plain.js';
export * from './auth-plain.js';
export * from './kinds.js';
export * from './kind-lookups.js';
export * from './posting-periods-plain.js';
export * from './currency-rates-plain.js';
export * from './dimensions-plain.js';
