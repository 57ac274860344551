import Bowser from 'bowser';

/** A session's browser and system as a person names them, e.g. "Chrome 131 on Linux". */
export function deviceOf(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : 'Unknown browser';
  return os.name ? `${name} on ${os.name}` : name;
}
